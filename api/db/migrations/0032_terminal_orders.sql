CREATE TABLE "connect_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"business_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connect_sandbox_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"sku" text NOT NULL,
	"hardware_type" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount_pence" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	CONSTRAINT "terminal_order_items_quantity_check" CHECK ("terminal_order_items"."quantity" between 1 and 50 and "terminal_order_items"."amount_pence" = "terminal_order_items"."unit_amount_pence" * "terminal_order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "terminal_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"shipping_method" text NOT NULL,
	"shipping_method_name" text NOT NULL,
	"shipping_name" text NOT NULL,
	"shipping_company" text,
	"shipping_email" text NOT NULL,
	"shipping_phone" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'GB' NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"shipping_pence" integer NOT NULL,
	"tax_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"payment_id" integer,
	"payment_method_id" text,
	"idempotency_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_orders_money_check" CHECK ("terminal_orders"."subtotal_pence" >= 0 and "terminal_orders"."shipping_pence" >= 0 and "terminal_orders"."tax_pence" >= 0 and "terminal_orders"."total_pence" = "terminal_orders"."subtotal_pence" + "terminal_orders"."shipping_pence" + "terminal_orders"."tax_pence")
);
--> statement-breakpoint
ALTER TABLE "connect_accounts" ADD CONSTRAINT "connect_accounts_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_order_items" ADD CONSTRAINT "terminal_order_items_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_order_items" ADD CONSTRAINT "terminal_order_items_order_id_terminal_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."terminal_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_orders" ADD CONSTRAINT "terminal_orders_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_orders" ADD CONSTRAINT "terminal_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_orders" ADD CONSTRAINT "terminal_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_accounts_tenant_unique" ON "connect_accounts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "connect_sandbox_objects_kind_idx" ON "connect_sandbox_objects" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "terminal_order_items_order_idx" ON "terminal_order_items" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "terminal_orders_tenant_created_idx" ON "terminal_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "terminal_orders_tenant_status_idx" ON "terminal_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "terminal_orders_tenant_total_idx" ON "terminal_orders" USING btree ("tenant_id","total_pence","id");--> statement-breakpoint
CREATE INDEX "terminal_orders_open_idx" ON "terminal_orders" USING btree ("status") WHERE "terminal_orders"."status" in ('pending', 'ready_to_ship', 'shipped');--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_orders_key_unique" ON "terminal_orders" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_orders_provider_unique" ON "terminal_orders" USING btree ("provider","provider_order_id");