CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"number" text NOT NULL,
	"product_name" text NOT NULL,
	"class_of_business" text,
	"insurer" text,
	"individual_id" integer,
	"client_company_id" integer,
	"main_broker_name" text,
	"premium_pence" bigint DEFAULT 0 NOT NULL,
	"ipt_rate" smallint DEFAULT 12 NOT NULL,
	"ipt_pence" bigint DEFAULT 0 NOT NULL,
	"fees_pence" bigint DEFAULT 0 NOT NULL,
	"inception_date" date NOT NULL,
	"renewal_date" date NOT NULL,
	"state" text DEFAULT 'QUOTE' NOT NULL,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"source" text DEFAULT 'portal' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_one_client" CHECK (("policies"."individual_id" is null) <> ("policies"."client_company_id" is null)),
	CONSTRAINT "policies_ipt_rate_check" CHECK ("policies"."ipt_rate" in (0, 12, 20)),
	CONSTRAINT "policies_money_check" CHECK ("policies"."premium_pence" >= 0 and "policies"."ipt_pence" >= 0 and "policies"."fees_pence" >= 0),
	CONSTRAINT "policies_dates_check" CHECK ("policies"."renewal_date" > "policies"."inception_date")
);
--> statement-breakpoint
CREATE TABLE "policy_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term_renewal_date" date NOT NULL,
	"to_address" text NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_invoices" (
	"tenant_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_invoices_policy_id_invoice_id_pk" PRIMARY KEY("policy_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_individual_id_individuals_id_fk" FOREIGN KEY ("individual_id") REFERENCES "public"."individuals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_client_company_id_client_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_activity" ADD CONSTRAINT "policy_activity_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_activity" ADD CONSTRAINT "policy_activity_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_activity" ADD CONSTRAINT "policy_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_emails" ADD CONSTRAINT "policy_emails_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_emails" ADD CONSTRAINT "policy_emails_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_emails" ADD CONSTRAINT "policy_emails_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_invoices" ADD CONSTRAINT "policy_invoices_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_invoices" ADD CONSTRAINT "policy_invoices_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_invoices" ADD CONSTRAINT "policy_invoices_invoice_id_sales_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policies_tenant_number_unique" ON "policies" USING btree ("tenant_id",lower("number"));--> statement-breakpoint
CREATE INDEX "policies_tenant_created_idx" ON "policies" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_renewal_idx" ON "policies" USING btree ("tenant_id","renewal_date","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_inception_idx" ON "policies" USING btree ("tenant_id","inception_date","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_state_idx" ON "policies" USING btree ("tenant_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_premium_idx" ON "policies" USING btree ("tenant_id","premium_pence","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_product_idx" ON "policies" USING btree ("tenant_id",lower("product_name"),"id");--> statement-breakpoint
CREATE INDEX "policies_tenant_broker_idx" ON "policies" USING btree ("tenant_id",lower("main_broker_name"),"id");--> statement-breakpoint
CREATE INDEX "policies_tenant_individual_idx" ON "policies" USING btree ("tenant_id","individual_id");--> statement-breakpoint
CREATE INDEX "policies_tenant_company_idx" ON "policies" USING btree ("tenant_id","client_company_id");--> statement-breakpoint
CREATE INDEX "policies_cooling_off_idx" ON "policies" USING btree ("inception_date") WHERE "policies"."state" = 'COOLING_OFF';--> statement-breakpoint
CREATE INDEX "policies_search_trgm_idx" ON "policies" USING gin ("number" gin_trgm_ops,"product_name" gin_trgm_ops,"main_broker_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policy_activity_policy_idx" ON "policy_activity" USING btree ("policy_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_emails_term_unique" ON "policy_emails" USING btree ("policy_id","kind","term_renewal_date");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_invoices_invoice_unique" ON "policy_invoices" USING btree ("invoice_id");