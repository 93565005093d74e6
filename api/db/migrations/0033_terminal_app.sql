CREATE TABLE "terminal_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'GB' NOT NULL,
	"provider" text NOT NULL,
	"provider_location_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"reader_id" integer,
	"user_id" integer,
	"invoice_id" integer,
	"description" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"status" text DEFAULT 'starting' NOT NULL,
	"provider" text NOT NULL,
	"provider_intent_id" text,
	"provider_reader_id" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"payment_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_pin_checks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_reader_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"reader_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_readers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"label" text NOT NULL,
	"device_type" text NOT NULL,
	"serial_number" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reader_id" text NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_sandbox_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_unlocks" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_locations" ADD CONSTRAINT "terminal_locations_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_payments" ADD CONSTRAINT "terminal_payments_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_payments" ADD CONSTRAINT "terminal_payments_reader_id_terminal_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."terminal_readers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_payments" ADD CONSTRAINT "terminal_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_payments" ADD CONSTRAINT "terminal_payments_invoice_id_sales_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_payments" ADD CONSTRAINT "terminal_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_pin_checks" ADD CONSTRAINT "terminal_pin_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_reader_keys" ADD CONSTRAINT "terminal_reader_keys_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_reader_keys" ADD CONSTRAINT "terminal_reader_keys_location_id_terminal_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."terminal_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_readers" ADD CONSTRAINT "terminal_readers_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_readers" ADD CONSTRAINT "terminal_readers_location_id_terminal_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."terminal_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_unlocks" ADD CONSTRAINT "terminal_unlocks_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_unlocks" ADD CONSTRAINT "terminal_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_locations_tenant_name_unique" ON "terminal_locations" USING btree ("tenant_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "terminal_locations_tenant_created_idx" ON "terminal_locations" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_payments_idempotency_unique" ON "terminal_payments" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "terminal_payments_tenant_created_idx" ON "terminal_payments" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_reader_keys_tenant_name_unique" ON "terminal_reader_keys" USING btree ("tenant_id",lower("reader_name"));--> statement-breakpoint
CREATE INDEX "terminal_reader_keys_tenant_location_idx" ON "terminal_reader_keys" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "terminal_readers_tenant_location_idx" ON "terminal_readers" USING btree ("tenant_id","location_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_readers_provider_unique" ON "terminal_readers" USING btree ("provider","provider_reader_id");--> statement-breakpoint
CREATE INDEX "terminal_unlocks_user_idx" ON "terminal_unlocks" USING btree ("user_id","expires_at");