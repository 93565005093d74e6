CREATE TABLE "phone_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"to_number" text NOT NULL,
	"via" text NOT NULL,
	"provider" text NOT NULL,
	"call_sid" text,
	"script" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"outcome" text,
	"error_code" integer,
	"feedback_score" smallint,
	"feedback_issue" text
);
--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_calls_entity_idx" ON "phone_calls" USING btree ("tenant_id","entity_type","entity_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_calls_one_active_per_user" ON "phone_calls" USING btree ("user_id") WHERE "phone_calls"."ended_at" is null and "phone_calls"."via" = 'browser';--> statement-breakpoint
CREATE UNIQUE INDEX "phone_calls_sid_idx" ON "phone_calls" USING btree ("call_sid");