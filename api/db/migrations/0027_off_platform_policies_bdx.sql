CREATE TABLE "off_platform_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"policy_number" text NOT NULL,
	"product_name" text NOT NULL,
	"insurer" text NOT NULL,
	"class_of_business" text,
	"state" text NOT NULL,
	"client_type" text NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"inception_date" date NOT NULL,
	"renewal_date" date NOT NULL,
	"premium_pence" bigint NOT NULL,
	"ipt_rate" integer NOT NULL,
	"fees_pence" bigint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bdx_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"policy_number" text,
	"policy_id" integer,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bdx_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"encoding" text,
	"content" "bytea" NOT NULL,
	"headers" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"map_id" integer,
	"map" jsonb,
	"declaration_month" smallint,
	"declaration_year" smallint,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"job_id" text,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"updated_rows" integer DEFAULT 0 NOT NULL,
	"refused_rows" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bdx_maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"map" jsonb NOT NULL,
	"selected_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"columns_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "off_platform_policies" ADD CONSTRAINT "off_platform_policies_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdx_import_rows" ADD CONSTRAINT "bdx_import_rows_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdx_import_rows" ADD CONSTRAINT "bdx_import_rows_import_id_bdx_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bdx_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdx_import_rows" ADD CONSTRAINT "bdx_import_rows_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdx_imports" ADD CONSTRAINT "bdx_imports_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdx_imports" ADD CONSTRAINT "bdx_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdx_imports" ADD CONSTRAINT "bdx_imports_map_id_bdx_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."bdx_maps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bdx_maps" ADD CONSTRAINT "bdx_maps_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "off_platform_policies_tenant_number_uq" ON "off_platform_policies" USING btree ("tenant_id",lower("policy_number"));--> statement-breakpoint
CREATE INDEX "off_platform_policies_tenant_client_idx" ON "off_platform_policies" USING btree ("tenant_id",lower("client_name"),"id");--> statement-breakpoint
CREATE INDEX "off_platform_policies_tenant_insurer_idx" ON "off_platform_policies" USING btree ("tenant_id",lower("insurer"),"id");--> statement-breakpoint
CREATE INDEX "off_platform_policies_tenant_renewal_idx" ON "off_platform_policies" USING btree ("tenant_id","renewal_date","id");--> statement-breakpoint
CREATE INDEX "off_platform_policies_tenant_premium_idx" ON "off_platform_policies" USING btree ("tenant_id","premium_pence","id");--> statement-breakpoint
CREATE INDEX "off_platform_policies_tenant_created_idx" ON "off_platform_policies" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bdx_import_rows_row_uq" ON "bdx_import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "bdx_imports_tenant_created_idx" ON "bdx_imports" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bdx_maps_tenant_name_uq" ON "bdx_maps" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "bdx_maps_tenant_columns_idx" ON "bdx_maps" USING btree ("tenant_id","columns_key");