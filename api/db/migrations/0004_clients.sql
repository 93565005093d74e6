CREATE TABLE "business_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type_id" integer,
	"employee_size_id" integer,
	"industry_id" integer,
	"trade_id" integer,
	"registration_number" text,
	"website" text,
	"email" text,
	"telephone" text,
	"address_line_1" text,
	"address_line_2" text,
	"town" text,
	"county" text,
	"postcode" text,
	"owner_user_id" integer,
	"company_branding_colour" text,
	"logo_key" text,
	"icon_key" text,
	"account_name" text,
	"account_number" text,
	"sort_code" text,
	"fca_number" text,
	"network" text,
	"appointed_representative" boolean DEFAULT false NOT NULL,
	"principal_firm" text,
	"preferred_channel" text,
	"marketing_email" boolean DEFAULT false NOT NULL,
	"marketing_sms" boolean DEFAULT false NOT NULL,
	"marketing_telephone" boolean DEFAULT false NOT NULL,
	"marketing_post" boolean DEFAULT false NOT NULL,
	"consent_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_compliance" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"aml_checked_at" date,
	"sanctions_checked_at" date,
	"risk_rating" text,
	"politically_exposed" boolean DEFAULT false NOT NULL,
	"next_review_at" date,
	"notes" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_individuals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"individual_id" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"job_title_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_line_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"party" text NOT NULL,
	"party_type" text DEFAULT 'broker' NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	CONSTRAINT "company_line_splits_percentage_range" CHECK ("company_line_splits"."percentage" > 0 and "company_line_splits"."percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "company_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"line_type" text NOT NULL,
	"insurer" text,
	"premium" numeric(12, 2) DEFAULT '0' NOT NULL,
	"renewal_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"sender_user_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"subject" text NOT NULL,
	"related_type" text,
	"related_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "individuals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"full_name" text GENERATED ALWAYS AS (btrim("first_name" || ' ' || "last_name")) STORED NOT NULL,
	"email" text,
	"telephone" text,
	"date_of_birth" date,
	"address_line_1" text,
	"address_line_2" text,
	"town" text,
	"county" text,
	"postcode" text,
	"owner_user_id" integer,
	"archived_at" timestamp with time zone,
	"portal_invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"notable_type" text NOT NULL,
	"notable_id" integer NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_types" ADD CONSTRAINT "company_types_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_type_id_company_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."company_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_employee_size_id_employee_sizes_id_fk" FOREIGN KEY ("employee_size_id") REFERENCES "public"."employee_sizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_compliance" ADD CONSTRAINT "company_compliance_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_compliance" ADD CONSTRAINT "company_compliance_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_compliance" ADD CONSTRAINT "company_compliance_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_individuals" ADD CONSTRAINT "company_individuals_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_individuals" ADD CONSTRAINT "company_individuals_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_individuals" ADD CONSTRAINT "company_individuals_individual_id_individuals_id_fk" FOREIGN KEY ("individual_id") REFERENCES "public"."individuals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_individuals" ADD CONSTRAINT "company_individuals_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_line_splits" ADD CONSTRAINT "company_line_splits_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_line_splits" ADD CONSTRAINT "company_line_splits_line_id_company_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."company_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_lines" ADD CONSTRAINT "company_lines_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_lines" ADD CONSTRAINT "company_lines_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_thread_id_email_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."email_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_threads" ADD CONSTRAINT "email_threads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individuals" ADD CONSTRAINT "individuals_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individuals" ADD CONSTRAINT "individuals_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_units_name_unique" ON "business_units" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "company_types_tenant_name_unique" ON "company_types" USING btree (coalesce("tenant_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "data_list_items_group_name_unique" ON "data_list_items" USING btree ("group","name");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_sizes_name_unique" ON "employee_sizes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_unique" ON "industries" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "job_titles_name_unique" ON "job_titles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_industry_name_unique" ON "trades" USING btree ("industry_id","name");--> statement-breakpoint
CREATE INDEX "trades_name_idx" ON "trades" USING btree ("name");--> statement-breakpoint
CREATE INDEX "client_companies_tenant_name_idx" ON "client_companies" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "client_companies_tenant_created_idx" ON "client_companies" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "client_companies_tenant_type_idx" ON "client_companies" USING btree ("tenant_id","type_id",lower("name"));--> statement-breakpoint
CREATE INDEX "client_companies_tenant_size_idx" ON "client_companies" USING btree ("tenant_id","employee_size_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_individuals_pair_unique" ON "company_individuals" USING btree ("company_id","individual_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_individuals_one_primary" ON "company_individuals" USING btree ("company_id") WHERE "company_individuals"."is_primary";--> statement-breakpoint
CREATE INDEX "company_individuals_tenant_individual_idx" ON "company_individuals" USING btree ("tenant_id","individual_id");--> statement-breakpoint
CREATE INDEX "company_individuals_tenant_company_idx" ON "company_individuals" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "company_line_splits_line_idx" ON "company_line_splits" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "company_lines_tenant_company_idx" ON "company_lines" USING btree ("tenant_id","company_id","id");--> statement-breakpoint
CREATE INDEX "email_messages_thread_idx" ON "email_messages" USING btree ("thread_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_threads_tenant_related_idx" ON "email_threads" USING btree ("tenant_id","related_type","related_id","last_message_at");--> statement-breakpoint
CREATE INDEX "individuals_tenant_name_idx" ON "individuals" USING btree ("tenant_id",lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "individuals_tenant_created_idx" ON "individuals" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "individuals_tenant_email_idx" ON "individuals" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "individuals_tenant_owner_idx" ON "individuals" USING btree ("tenant_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "notes_tenant_notable_idx" ON "notes" USING btree ("tenant_id","notable_type","notable_id","created_at");