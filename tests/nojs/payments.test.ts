import { beforeAll, describe, expect, test } from "vitest";
import { NOJS, USERS } from "./env";
import { NojsBrowser, apiAs, type NojsPage, uniqueToken } from "./harness";

/**
 * Payments without JavaScript: a client pays a sent invoice by card from its summary page on the API host (the
 * sandbox's card form: a declined card, then a good one), and the smallBusiness owner finds the payment in
 * Customer transactions (filters in the URL), opens it, and refunds part of it from the refund form (a refund
 * above what is left refused under the amount; the same form sent twice refunds once).
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.owner.email);
});

interface Invoice {
  id: number;
  number: string;
  client_link: string;
}

/** A sent invoice of £60.00 for one of Bloom's clients, with a description of its own. */
async function sentInvoice(token: string): Promise<Invoice> {
  const people = await api.call<{ data: { id: number }[] }>("GET", "/individual?page%5Bsize%5D=1");
  const created = await api.call<{ data: Invoice }>(
    "POST",
    "/simple-invoices",
    {
      individual_id: people.data[0].id,
      reference: `NOJS-${token}`,
      items: [{ description: `Cake ${token}`, quantity: "2", unit_price_pence: 2500, vat_rate: 20 }],
    },
    201,
  );
  const sent = await api.call<{ data: Invoice }>("POST", `/simple-invoices/${created.data.id}/mark-as-sent`, undefined, 200);
  return sent.data;
}

/** The client: a browser on the API host, reaching the invoice through its link. */
async function payFromSummary(invoice: Invoice, cards: string[]): Promise<NojsPage> {
  const client = new NojsBrowser(NOJS.api);
  const link = new URL(invoice.client_link);
  const summary = await client.goto(`${link.pathname}${link.search}`);
  expect(summary.status).toBe(200);
  let page = await summary.click("Pay by card");
  expect(page.text()).toContain("Sandbox: test mode.");
  expect(page.text()).toContain("Amount to pay: £60.00");
  for (const number of cards) {
    page = await page
      .form()
      .fill("Name on the card", "Clara Client")
      .fill("Card number", number)
      .fill("Expiry (MM/YY)", "12/34")
      .fill("Security code", "123")
      .submit(/^Pay £60\.00/);
  }
  return page;
}

const owner = () => NojsBrowser.as("owner");

describe("Payments", () => {
  test("a client pays a sent invoice by card from its summary page: declined first, then paid; the invoice is paid", async () => {
    const token = uniqueToken();
    const invoice = await sentInvoice(token);
    const declined = await payFromSummary(invoice, ["4000 0000 0000 0002"]);
    expect(declined.status).toBe(402);
    expect(declined.alerts().join(" ")).toContain("Your card was declined.");
    expect(declined.form().value("Name on the card")).toBe("Clara Client");

    const paid = await payFromSummary(invoice, ["4242 4242 4242 4242"]);
    expect(paid.status).toBe(200);
    expect(paid.path).toBe(`/simple-invoices/${invoice.id}/summary`);
    expect(paid.text()).toContain("Thank you: your payment was received and the invoice is paid.");
    expect(paid.links("Pay by card")).toHaveLength(0);
    const after = await api.call<{ data: { status: string; payment_method: string } }>("GET", `/simple-invoices/${invoice.id}`);
    expect(after.data).toMatchObject({ status: "paid", payment_method: "card" });

    // The owner's list: both attempts, found by the invoice's number; the failed one by its status filter.
    const list = await owner().goto(`/transactions?search=${invoice.number}`);
    expect(list.h1).toBe("Payments");
    expect(list.rows()).toHaveLength(2);
    expect(list.text()).toContain("Sandbox");
    const filterForm = list.form(list.control("#filter-status").closest("form")!);
    const failed = await filterForm.select("#filter-status", "Failed").submit("Apply");
    expect(failed.url.search).toContain("filter%5Bstatus%5D=failed");
    expect(failed.url.search).toContain(`search=${invoice.number}`);
    expect(failed.rows()).toHaveLength(1);
    expect(failed.rows()[0].text).toContain("Failed");
    const none = await owner().goto(`/transactions?search=${invoice.number}&filter%5Bamount_from%5D=61`);
    expect(none.text()).toContain("No payments found");
    const byAmount = await owner().goto(
      `/transactions?search=${invoice.number}&filter%5Bamount_from%5D=60&filter%5Bamount_to%5D=60.00&filter%5Bstatus%5D=succeeded`,
    );
    expect(byAmount.rows()).toHaveLength(1);
  });

  test("the owner opens a payment, sees its history, and refunds part of it; too much is refused under the amount; sent twice, it refunds once", async () => {
    const token = uniqueToken();
    const invoice = await sentInvoice(token);
    await payFromSummary(invoice, ["4242424242424242"]);
    const list = await owner().goto(`/transactions?search=${invoice.number}&filter%5Bstatus%5D=succeeded`);
    expect(list.rows()).toHaveLength(1);
    const detail = await list.click({ css: "a" }, list.rows()[0]);
    expect(detail.path).toMatch(/^\/transactions\/\d+$/);
    expect(detail.h1).toBe("Payment of £60.00");
    expect(detail.text()).toContain("Sandbox payment: taken by the payments sandbox in test mode.");
    expect(detail.text()).toContain("Payment of £60.00 by visa ending 4242 succeeded.");
    expect(detail.text()).toContain(`Invoice ${invoice.number} marked paid by card.`);
    expect(detail.text()).toContain("No refunds.");

    const drawer = await detail.click("Refund");
    expect(drawer.path).toBe(`${detail.path}/refund`);
    expect(drawer.text()).toContain("Up to £60.00 can be refunded");
    expect(drawer.form({ button: "Refund" }).value("Amount to refund (£)")).toBe("60.00");
    const tooMuch = await drawer.form({ button: "Refund" }).fill("Amount to refund (£)", "60.01").submit("Refund");
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.fieldError("Amount to refund (£)")).toBe("The refund may not be more than what is left to refund (£60.00).");
    expect(tooMuch.form({ button: "Refund" }).value("Amount to refund (£)")).toBe("60.01");
    const notMoney = await tooMuch.form({ button: "Refund" }).fill("Amount to refund (£)", "ten pounds").submit("Refund");
    expect(notMoney.fieldError("Amount to refund (£)")).toBe("Enter an amount in pounds and pence, like 12.50.");

    const form = notMoney.form({ button: "Refund" }).fill("Amount to refund (£)", "15.50").fill("Reason (optional)", `Late delivery ${token}`);
    const refunded = await form.submit("Refund");
    expect(refunded.path).toBe(detail.path);
    expect(refunded.toasts()).toContain("Refund of £15.50 sent.");
    expect(refunded.text()).toContain("Partially refunded");
    expect(refunded.text()).toContain(`Late delivery ${token}`);
    // The same form sent again (a double click without JavaScript): one refund.
    const again = await form.submit("Refund");
    expect(again.path).toBe(detail.path);
    const id = detail.path.split("/").pop();
    const payment = await api.call<{ data: { refunds: unknown[]; refunded_pence: number; refundable_pence: number } }>("GET", `/payment/${id}`);
    expect(payment.data.refunds).toHaveLength(1);
    expect(payment.data).toMatchObject({ refunded_pence: 1550, refundable_pence: 4450 });
  });
});

describe("Cancelling a card hold", () => {
  test("an authorised payment offers 'Cancel payment' with a confirmation; 'Keep it' changes nothing; confirmed, it is cancelled", async () => {
    // The card hold of Bloom's demo data (api/db/seed-payments.ts): the only way to make one is a card reader or a
    // deposit, which the portal does not take yet.
    const held = await api.call<{ data: { id: number }[] }>("GET", "/payment?filter%5Bstatus%5D=authorised");
    expect(held.data.length).toBeGreaterThan(0);
    const id = held.data[0].id;
    const page = await owner().goto(`/transactions/${id}`);
    expect(page.text()).toContain("Authorised");
    expect(page.links("Refund")).toHaveLength(0);
    const confirm = await page.click("Cancel payment");
    expect(confirm.path).toBe(`/transactions/${id}/cancel`);
    expect(confirm.text()).toContain("The hold on the client's card is released");
    const kept = await confirm.click("Keep it");
    expect(kept.path).toBe(`/transactions/${id}`);
    expect(kept.text()).toContain("Authorised");
    const cancelled = await (await kept.click("Cancel payment")).form({ button: "Cancel payment" }).submit("Cancel payment");
    expect(cancelled.path).toBe(`/transactions/${id}`);
    expect(cancelled.toasts()).toContain("Payment cancelled.");
    expect(cancelled.text()).toContain("Payment cancelled: the hold on the card was released.");
    expect(cancelled.links("Cancel payment")).toHaveLength(0);
  });
});
