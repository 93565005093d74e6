CREATE TABLE "exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"query" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"total_rows" integer,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "export_rows" (
	"export_id" integer NOT NULL,
	"position" integer NOT NULL,
	"row_id" integer NOT NULL,
	CONSTRAINT "export_rows_export_id_position_pk" PRIMARY KEY("export_id","position")
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_rows" ADD CONSTRAINT "export_rows_export_id_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_user_created_idx" ON "exports" USING btree ("user_id","tenant_id","created_at","id");