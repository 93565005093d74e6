CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"claims_email" text,
	"claims_telephone" text,
	"support_email" text,
	"support_telephone" text,
	"complaints_email" text,
	"nominal_code" text,
	"logo_key" text,
	"functions" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "providers_tenant_name_unique" ON "providers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "providers_tenant_nominal_code_idx" ON "providers" USING btree ("tenant_id","nominal_code","id");--> statement-breakpoint
CREATE INDEX "providers_tenant_created_idx" ON "providers" USING btree ("tenant_id","created_at","id");