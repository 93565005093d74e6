CREATE TABLE "sales_document_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_document_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price_pence" bigint NOT NULL,
	"vat_rate" smallint NOT NULL,
	"product_id" integer,
	"account_code" text,
	"net_pence" bigint NOT NULL,
	"vat_pence" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_document_items_money_check" CHECK ("sales_document_items"."quantity" > 0 and "sales_document_items"."unit_price_pence" >= 0 and "sales_document_items"."unit_price_pence" <= 1000000000 and "sales_document_items"."vat_rate" in (0, 5, 20))
);
--> statement-breakpoint
CREATE TABLE "sales_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"sequence" integer,
	"individual_id" integer,
	"client_company_id" integer,
	"task_id" integer,
	"issue_date" date NOT NULL,
	"due_date" date,
	"reference" text,
	"notes" text,
	"terms_and_conditions" text,
	"subtotal_pence" bigint DEFAULT 0 NOT NULL,
	"vat_pence" bigint DEFAULT 0 NOT NULL,
	"total_pence" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"paid_on" date,
	"payment_method" text,
	"cancelled_at" timestamp with time zone,
	"converted_invoice_id" integer,
	"source_quote_id" integer,
	"access_token" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_documents_one_client" CHECK (("sales_documents"."individual_id" is null) <> ("sales_documents"."client_company_id" is null)),
	CONSTRAINT "sales_documents_money_check" CHECK ("sales_documents"."subtotal_pence" >= 0 and "sales_documents"."vat_pence" >= 0 and "sales_documents"."total_pence" = "sales_documents"."subtotal_pence" + "sales_documents"."vat_pence"),
	CONSTRAINT "sales_documents_numbered_check" CHECK (("sales_documents"."number" is null) = ("sales_documents"."sequence" is null) and ("sales_documents"."status" = 'draft' or "sales_documents"."number" is not null))
);
--> statement-breakpoint
CREATE TABLE "sales_number_counters" (
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"prefix" text NOT NULL,
	"width" smallint NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_number_counters_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind"),
	CONSTRAINT "sales_number_counters_width_check" CHECK ("sales_number_counters"."width" between 1 and 10 and "sales_number_counters"."last_number" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_document_files" ADD CONSTRAINT "sales_document_files_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document_files" ADD CONSTRAINT "sales_document_files_document_id_sales_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sales_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document_files" ADD CONSTRAINT "sales_document_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document_items" ADD CONSTRAINT "sales_document_items_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document_items" ADD CONSTRAINT "sales_document_items_document_id_sales_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sales_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_document_items" ADD CONSTRAINT "sales_document_items_product_id_task_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."task_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_individual_id_individuals_id_fk" FOREIGN KEY ("individual_id") REFERENCES "public"."individuals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_client_company_id_client_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_converted_invoice_id_sales_documents_id_fk" FOREIGN KEY ("converted_invoice_id") REFERENCES "public"."sales_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_source_quote_id_sales_documents_id_fk" FOREIGN KEY ("source_quote_id") REFERENCES "public"."sales_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_number_counters" ADD CONSTRAINT "sales_number_counters_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_document_files_document_idx" ON "sales_document_files" USING btree ("tenant_id","document_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_document_files_storage_key_idx" ON "sales_document_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "sales_document_items_document_idx" ON "sales_document_items" USING btree ("tenant_id","document_id","position","id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_kind_created_idx" ON "sales_documents" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_kind_status_idx" ON "sales_documents" USING btree ("tenant_id","kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_kind_issue_idx" ON "sales_documents" USING btree ("tenant_id","kind","issue_date","id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_kind_due_idx" ON "sales_documents" USING btree ("tenant_id","kind","due_date","id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_kind_total_idx" ON "sales_documents" USING btree ("tenant_id","kind","total_pence","id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_kind_number_idx" ON "sales_documents" USING btree ("tenant_id","kind","sequence","id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_individual_idx" ON "sales_documents" USING btree ("tenant_id","individual_id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_company_idx" ON "sales_documents" USING btree ("tenant_id","client_company_id");--> statement-breakpoint
CREATE INDEX "sales_documents_tenant_task_idx" ON "sales_documents" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_documents_number_unique" ON "sales_documents" USING btree ("tenant_id","kind","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_documents_number_text_unique" ON "sales_documents" USING btree ("tenant_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_documents_converted_unique" ON "sales_documents" USING btree ("converted_invoice_id");