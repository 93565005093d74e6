CREATE TABLE "accounting_sandbox_idempotency" (
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_sandbox_idempotency_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
DROP INDEX "payments_invoice_paid_unique";--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD COLUMN "sync_revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_sandbox_idempotency" ADD CONSTRAINT "accounting_sandbox_idempotency_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_claim_unique" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" in ('processing', 'succeeded', 'partially_refunded', 'refunded', 'authorised');