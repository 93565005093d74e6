/**
 * Demo card terminals for Bloom Bakery (smallBusiness): a Stripe Connect account in the sandbox, onboarding sent
 * with one thing still missing (the bank account for payouts), and two hardware orders paid by test card — one
 * delivered, one just placed — so the Connect page and the orders list show what they do.
 */
import { eq } from "drizzle-orm";
import { SandboxConnect } from "../integrations/payments/connect-sandbox";
import { SandboxPayments } from "../integrations/payments";
import { placeOrder } from "../modules/terminal-orders/service";
import type { Database } from "./client";
import { companies, connectAccounts, terminalOrders, users } from "./schema";

const CARD = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2034, cvc: "123", holder: "Bea Baker" };
const SHIPPING = {
  name: "Bea Baker",
  company: "Bloom Bakery Ltd",
  email: "owner@bloom.test",
  phone: "0113 496 0018",
  address: { line1: "12 Mill Lane", line2: "Unit 3", city: "Leeds", state: "West Yorkshire", postal_code: "LS1 4AP", country: "GB" as const },
};

export async function seedTerminalOrders(database: Database) {
  const [tenant] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Bloom Bakery Ltd"));
  if (!tenant) return;
  const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@bloom.test"));
  const connect = new SandboxConnect(database);
  const account = await connect.seedAccount(tenant.id, {
    businessName: "Bloom Bakery Ltd",
    representative: { firstName: "Bea", lastName: "Baker" },
    tosAcceptedAt: new Date().toISOString(),
  });
  await database.db.insert(connectAccounts).values({
    tenantId: tenant.id,
    provider: "sandbox",
    accountId: account.id,
    status: account.status,
    requirements: account.currentlyDue,
    businessName: account.businessName,
  });

  const payments = new SandboxPayments(database);
  const actor = { tenantId: tenant.id, userId: owner?.id ?? null };
  const orders: { items: { terminal_hardware_sku: string; quantity: number }[]; method: string; ageDays: number }[] = [
    { items: [{ terminal_hardware_sku: "thsku_sbx_wisepos_e", quantity: 1 }], method: "thsm_sbx_express", ageDays: 21 },
    {
      items: [
        { terminal_hardware_sku: "thsku_sbx_wisepos_e", quantity: 1 },
        { terminal_hardware_sku: "thsku_sbx_wisepad_3", quantity: 2 },
      ],
      method: "thsm_sbx_standard",
      ageDays: 0,
    },
  ];
  for (const [i, o] of orders.entries()) {
    const body = { shipping_method: o.method, shipping: SHIPPING, items: o.items };
    const preview = await connect.previewHardwareOrder(
      {
        items: o.items.map((x) => ({ sku: x.terminal_hardware_sku, quantity: x.quantity })),
        shippingMethod: o.method,
        shipping: { ...SHIPPING, address: { ...SHIPPING.address, postalCode: SHIPPING.address.postal_code } },
      },
      { idempotencyKey: `seed-preview-${i}` },
    );
    const { order } = await placeOrder(database, connect, payments, actor, {
      ...body,
      amount: preview.totalPence,
      card: CARD,
      idempotency_key: `seed-terminal-order-${tenant.id}-${i}`,
    });
    if (o.ageDays > 0) {
      const at = new Date(Date.now() - o.ageDays * 86_400_000);
      await connect.ageOrder(order.provider_order_id, o.ageDays * 86_400_000);
      await database.db.update(terminalOrders).set({ status: "delivered", createdAt: at, updatedAt: at }).where(eq(terminalOrders.id, order.id));
    }
  }
}
