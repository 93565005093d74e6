CREATE TABLE "accounting_document_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price_pence" bigint NOT NULL,
	"vat_rate" smallint NOT NULL,
	"account_code" text NOT NULL,
	"net_pence" bigint NOT NULL,
	"vat_pence" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_document_items_money_check" CHECK ("accounting_document_items"."quantity" > 0 and "accounting_document_items"."unit_price_pence" >= 0 and "accounting_document_items"."unit_price_pence" <= 1000000000 and "accounting_document_items"."vat_rate" in (0, 5, 20))
);
--> statement-breakpoint
CREATE TABLE "accounting_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"individual_id" integer,
	"client_company_id" integer,
	"issue_date" date NOT NULL,
	"due_date" date,
	"reference" text,
	"terms_and_conditions" text,
	"division" text,
	"recurrence" text,
	"subtotal_pence" bigint DEFAULT 0 NOT NULL,
	"vat_pence" bigint DEFAULT 0 NOT NULL,
	"total_pence" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"paid_on" date,
	"payment_method" text,
	"cancelled_at" timestamp with time zone,
	"provider" text,
	"provider_id" text,
	"provider_number" text,
	"provider_payment_id" text,
	"sync_status" text DEFAULT 'not_synced' NOT NULL,
	"sync_error" text,
	"synced_at" timestamp with time zone,
	"access_token" text NOT NULL,
	"source_quote_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_documents_one_client" CHECK (("accounting_documents"."individual_id" is null) <> ("accounting_documents"."client_company_id" is null)),
	CONSTRAINT "accounting_documents_money_check" CHECK ("accounting_documents"."subtotal_pence" >= 0 and "accounting_documents"."vat_pence" >= 0 and "accounting_documents"."total_pence" = "accounting_documents"."subtotal_pence" + "accounting_documents"."vat_pence")
);
--> statement-breakpoint
CREATE TABLE "accounting_sandbox_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_sandbox_counters" (
	"tenant_id" integer NOT NULL,
	"type" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "accounting_sandbox_counters_tenant_id_type_pk" PRIMARY KEY("tenant_id","type")
);
--> statement-breakpoint
CREATE TABLE "accounting_sandbox_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"type" text NOT NULL,
	"provider_id" text NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"contact_name" text NOT NULL,
	"reference" text,
	"date" date NOT NULL,
	"due_date" date,
	"subtotal_pence" bigint NOT NULL,
	"tax_pence" bigint NOT NULL,
	"total_pence" bigint NOT NULL,
	"amount_paid_pence" bigint DEFAULT 0 NOT NULL,
	"payment_id" text,
	"lines" jsonb NOT NULL,
	"terms" text,
	"repeating" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_sandbox_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"outage" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_document_items" ADD CONSTRAINT "accounting_document_items_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_document_items" ADD CONSTRAINT "accounting_document_items_document_id_accounting_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."accounting_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_individual_id_individuals_id_fk" FOREIGN KEY ("individual_id") REFERENCES "public"."individuals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_client_company_id_client_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_source_quote_id_sales_documents_id_fk" FOREIGN KEY ("source_quote_id") REFERENCES "public"."sales_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sandbox_calls" ADD CONSTRAINT "accounting_sandbox_calls_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sandbox_counters" ADD CONSTRAINT "accounting_sandbox_counters_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sandbox_records" ADD CONSTRAINT "accounting_sandbox_records_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sandbox_settings" ADD CONSTRAINT "accounting_sandbox_settings_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_document_items_document_idx" ON "accounting_document_items" USING btree ("tenant_id","document_id","position","id");--> statement-breakpoint
CREATE INDEX "accounting_documents_tenant_kind_created_idx" ON "accounting_documents" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "accounting_documents_tenant_kind_status_idx" ON "accounting_documents" USING btree ("tenant_id","kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "accounting_documents_tenant_kind_sync_idx" ON "accounting_documents" USING btree ("tenant_id","kind","sync_status","id");--> statement-breakpoint
CREATE INDEX "accounting_documents_tenant_kind_issue_idx" ON "accounting_documents" USING btree ("tenant_id","kind","issue_date","id");--> statement-breakpoint
CREATE INDEX "accounting_documents_tenant_kind_due_idx" ON "accounting_documents" USING btree ("tenant_id","kind","due_date","id");--> statement-breakpoint
CREATE INDEX "accounting_documents_tenant_kind_total_idx" ON "accounting_documents" USING btree ("tenant_id","kind","total_pence","id");--> statement-breakpoint
CREATE INDEX "accounting_documents_tenant_kind_number_idx" ON "accounting_documents" USING btree ("tenant_id","kind","provider_number","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_documents_provider_unique" ON "accounting_documents" USING btree ("tenant_id","provider","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_documents_source_quote_unique" ON "accounting_documents" USING btree ("source_quote_id");--> statement-breakpoint
CREATE INDEX "accounting_sandbox_calls_tenant_idx" ON "accounting_sandbox_calls" USING btree ("tenant_id","called_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sandbox_records_provider_idx" ON "accounting_sandbox_records" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sandbox_records_number_idx" ON "accounting_sandbox_records" USING btree ("tenant_id","type","number");--> statement-breakpoint
CREATE INDEX "accounting_sandbox_records_tenant_idx" ON "accounting_sandbox_records" USING btree ("tenant_id","updated_at","id");