import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E, apiSignIn, expectHydrated, outbox, startSession, USERS } from "./helpers";

/**
 * The money flow from quote to refund, in Chromium with JavaScript, as its people would do it: the business makes a
 * quote with items in the portal and sends it; the client opens the e-mailed link (no account) and approves it; the
 * business converts it to an invoice and sends that; the client pays it by card through the invoice's link with a
 * sandbox test card; the business sees it paid on the invoice and in Customer transactions, refunds it there, and
 * sees the refund. It makes its own client (a unique name) and reads the client's e-mails from the API's sandbox
 * outbox; nothing depends on other tests or on the demo data's documents.
 */

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "the no-JavaScript layer (tests/nojs) covers these pages without JavaScript");
});

const owner = USERS.owner;
/** The owner's portal (smallBusiness: Customer transactions are there). */
const portal = E2E.main.smallbusiness;

/** The newest e-mail to the client whose text has `pattern`: its first group (the link). */
async function linkFromMail(request: APIRequestContext, to: string, pattern: RegExp) {
  let link = "";
  await expect
    .poll(
      async () => {
        const found = (await outbox(request, to)).map((m) => pattern.exec(m.text)?.[1]).find(Boolean);
        link = found ?? "";
        return link;
      },
      { message: `an e-mail to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .not.toBe("");
  return link;
}

/** The client, in a browser of their own: no session, no account. */
async function clientPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  return { page: await context.newPage(), close: () => context.close() };
}

async function statusOf(page: Page) {
  return page.locator("dt", { hasText: /^Status$/ }).locator("xpath=following-sibling::dd[1]");
}

test("a quote with items, sent, approved by the client, converted, invoiced, paid by card, seen paid, refunded", async ({ page, request, browser }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `money.${tag}@example.test`;
  const holder = `Clara Payer ${tag}`;
  const { token } = await apiSignIn(request, owner.email);
  const person = await request.post(`${E2E.main.api}/individual`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    data: { first_name: "Clara", last_name: `Money ${tag}`, email },
  });
  expect(person.status()).toBe(201);
  const clientId = ((await person.json()) as { data: { id: number } }).data.id;

  // ---- The business makes the quote in the portal: the client, then two lines on its page.
  await startSession(page, owner);
  await page.goto(`${portal}/quotes/new?individual=${clientId}`);
  const drawer = page.getByRole("form", { name: "New quote" });
  await drawer.getByLabel("Reference").fill(`Wedding cake ${tag}`);
  await drawer.getByRole("button", { name: "Create quote" }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteId = Number(new URL(page.url()).pathname.split("/").pop());
  const editor = page.locator("form[data-editor]");
  await expectHydrated(editor);
  await expect(editor).toContainText("No items yet: add a line.");
  await editor.getByRole("button", { name: "Add line" }).click();
  await expect(editor.locator("[data-line]")).toHaveCount(1);
  await expectHydrated(page.locator("form[data-editor]"));
  await page.getByLabel("Item 1 description").fill("Three-tier wedding cake");
  await page.getByLabel("Item 1 quantity").fill("1");
  await page.getByLabel("Item 1 unit price").fill("250.00");
  await page.locator("form[data-editor]").getByRole("button", { name: "Add line" }).click();
  await expect(page.locator("form[data-editor] [data-line]")).toHaveCount(2);
  await expectHydrated(page.locator("form[data-editor]"));
  await page.getByLabel("Item 2 description").fill("Delivery");
  await page.getByLabel("Item 2 quantity").fill("1");
  await page.getByLabel("Item 2 unit price").fill("25.00");
  // £275.00 net, VAT 20% £55.00: £330.00.
  await expect(page.locator('[data-sum="total"]')).toHaveText("£330.00");
  await page.locator("form[data-editor]").getByRole("button", { name: "Save quote" }).click();
  await expect(page.locator("[data-document-total]")).toHaveText("£330.00");

  // ---- Sent by e-mail: the client receives the link.
  await page.locator("[data-actions]").getByRole("button", { name: "Send by e-mail" }).click();
  await expect(await statusOf(page)).toContainText("Sent");
  const approveLink = await linkFromMail(request, email, /View and approve the quote online: (\S+)/);
  expect(approveLink).toContain(`/simple-quotes/${quoteId}/summary?token=`);

  // ---- The client approves it through the link, without an account.
  const client = await clientPage(browser);
  await client.page.goto(approveLink);
  await expect(client.page.locator("body")).toContainText("Three-tier wedding cake");
  await client.page.getByRole("button", { name: "Approve this quote" }).click();
  await expect(client.page.locator("body")).toContainText("Thank you: the quote is approved.");

  // ---- The business sees it approved and converts it to an invoice, then sends the invoice.
  await page.reload();
  await expect(await statusOf(page)).toContainText("Approved");
  await page.locator("[data-actions]").getByRole("button", { name: "Convert to invoice" }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.locator("[data-document-total]")).toHaveText("£330.00");
  await page.locator("[data-actions]").getByRole("button", { name: "Send by e-mail" }).click();
  await expect(await statusOf(page)).toContainText("Sent");
  const invoiceLink = await linkFromMail(request, email, /View the invoice online: (\S+)/);
  expect(invoiceLink).toContain(`/simple-invoices/${invoiceId}/summary?token=`);

  // ---- The client pays it by card through the link: the sandbox's form, a test card.
  await client.page.goto(invoiceLink);
  await client.page.getByRole("link", { name: "Pay by card" }).click();
  await expect(client.page.getByRole("region", { name: "Sandbox" })).toContainText("no money moves");
  await expect(client.page.locator(".amount")).toHaveText("Amount to pay: £330.00");
  await client.page.getByLabel("Name on the card").fill(holder);
  await client.page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await client.page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await client.page.getByLabel("Security code").fill("123");
  await client.page.getByRole("button", { name: "Pay £330.00 (sandbox)" }).click();
  await expect(client.page.locator("body")).toContainText("Thank you: your payment was received and the invoice is paid.");
  await expect(client.page.getByRole("link", { name: "Pay by card" })).toHaveCount(0);
  await client.close();

  // ---- The business sees it paid on the invoice …
  await page.reload();
  await expect(await statusOf(page)).toContainText("Paid");

  // … and in Customer transactions, where it refunds it.
  await page.goto(`${portal}/transactions?search=${encodeURIComponent(holder)}`);
  // Found by the name on the card; the row names the invoice's client.
  const row = page.locator("tbody tr", { hasText: `Clara Money ${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("£330.00");
  await expect(row).toContainText("Succeeded");
  await expect(row).toContainText("4242");
  await expect(row).toContainText(/Invoice INV-\d+/);
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.locator("main")).toContainText(`Invoice`);
  await page.getByRole("link", { name: "Refund", exact: true }).click();
  const refund = page.getByRole("dialog");
  await expect(refund).toContainText("Refund payment");
  await expect(refund.getByLabel("Amount to refund (£)")).toHaveValue("330.00");
  await refund.getByLabel("Reason (optional)").fill("Wedding postponed");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const refunds = page.locator("table", { has: page.locator("caption", { hasText: "Refunds" }) });
  await expect(refunds).toContainText("£330.00");
  await expect(refunds).toContainText("Succeeded");
  await expect(refunds).toContainText("Wedding postponed");
  await expect(page.locator("main")).toContainText("Refunded");

  // The list says so too.
  await page.goto(`${portal}/transactions?search=${encodeURIComponent(holder)}`);
  await expect(row).toContainText("Refunded");
  await expect(row).toContainText("£330.00 refunded");
});
