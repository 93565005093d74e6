import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";
import { payments } from "./payments";

/**
 * Card terminals (smallBusiness): each company's connected account (Stripe Connect) and its terminal hardware orders,
 * made through api/integrations/payments (connect-*.ts: the sandbox by default, Stripe with its key). Money is
 * integer pence; an order is recorded only once the provider has it and the card has paid for it.
 */
export const CONNECT_ACCOUNT_STATUSES = ["not_started", "pending", "enabled"] as const;
export const HARDWARE_ORDER_STATUSES = ["pending", "ready_to_ship", "shipped", "delivered", "canceled"] as const;

export const connectAccounts = pgTable(
  "connect_accounts",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    /** The provider's account id (acct_…). */
    accountId: text("account_id").notNull(),
    status: text("status", { enum: CONNECT_ACCOUNT_STATUSES }).notNull().default("not_started"),
    /** `requirements.currently_due` as the provider last said it. */
    requirements: jsonb("requirements").$type<string[]>().notNull().default([]),
    businessName: text("business_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("connect_accounts_tenant_unique").on(t.tenantId)],
);

export const terminalOrders = pgTable(
  "terminal_orders",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    status: text("status", { enum: HARDWARE_ORDER_STATUSES }).notNull().default("pending"),
    shippingMethod: text("shipping_method").notNull(),
    shippingMethodName: text("shipping_method_name").notNull(),
    shippingName: text("shipping_name").notNull(),
    shippingCompany: text("shipping_company"),
    shippingEmail: text("shipping_email").notNull(),
    shippingPhone: text("shipping_phone").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    /** The county. */
    state: text("state"),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("GB"),
    subtotalPence: integer("subtotal_pence").notNull(),
    shippingPence: integer("shipping_pence").notNull(),
    taxPence: integer("tax_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    /** The card payment of the hardware (payments table). */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    paymentMethodId: text("payment_method_id"),
    /** The order attempt's key: the same attempt sent again finds this order, and is charged once. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("terminal_orders_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("terminal_orders_tenant_status_idx").on(t.tenantId, t.status, t.createdAt, t.id),
    index("terminal_orders_tenant_total_idx").on(t.tenantId, t.totalPence, t.id),
    index("terminal_orders_open_idx")
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'ready_to_ship', 'shipped')`),
    uniqueIndex("terminal_orders_key_unique").on(t.tenantId, t.idempotencyKey),
    uniqueIndex("terminal_orders_provider_unique").on(t.provider, t.providerOrderId),
    check(
      "terminal_orders_money_check",
      sql`${t.subtotalPence} >= 0 and ${t.shippingPence} >= 0 and ${t.taxPence} >= 0 and ${t.totalPence} = ${t.subtotalPence} + ${t.shippingPence} + ${t.taxPence}`,
    ),
  ],
);

export const terminalOrderItems = pgTable(
  "terminal_order_items",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => terminalOrders.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    hardwareType: text("hardware_type").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitAmountPence: integer("unit_amount_pence").notNull(),
    amountPence: integer("amount_pence").notNull(),
  },
  (t) => [
    index("terminal_order_items_order_idx").on(t.tenantId, t.orderId),
    check("terminal_order_items_quantity_check", sql`${t.quantity} between 1 and 50 and ${t.amountPence} = ${t.unitAmountPence} * ${t.quantity}`),
  ],
);

/**
 * The Connect sandbox's own books (api/integrations/payments/connect-sandbox.ts): connected accounts, account links
 * and hardware orders as Stripe test mode would keep them. Nothing here reached a provider.
 */
export const connectSandboxObjects = pgTable(
  "connect_sandbox_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["account", "account_link", "hardware_order"] }).notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("connect_sandbox_objects_kind_idx").on(t.kind, t.createdAt)],
);
