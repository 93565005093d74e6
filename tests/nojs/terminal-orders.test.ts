import { beforeAll, describe, expect, test } from "vitest";
import { TERMINAL_MESSAGES } from "#common/terminal-orders";
import { USERS } from "./env";
import { NojsBrowser, apiAs, norm } from "./harness";

/**
 * Card terminals without JavaScript, as Bloom Bakery's owner: Connect onboarding through the portal's own form and
 * the sandbox's onboarding page (Pending → Enabled), and a hardware order in three steps — refusals under their
 * fields with what was typed kept, the preview's totals, Pay to the sandbox's payment page (standing in for Stripe
 * Checkout), a declined card there, then a test card that pays, back to the confirmation; the payment page's form
 * sent twice orders and charges once.
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.owner.email);
});

const owner = () => NojsBrowser.as("owner");

describe("Card terminals", () => {
  test("Connect: the status, what is missing, and onboarding through the sandbox's form back to the portal", async () => {
    const page = await owner().goto("/stripe-connect");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Connect");
    expect(page.text()).toContain("Sandbox: test mode.");
    const before = await api.call<{ data: { status: string; requirements: { label: string }[] } }>("GET", "/stripe-connect");
    if (before.data.status === "pending") {
      expect(page.text()).toContain("What is missing");
      expect(page.text()).toContain("Bank account for payouts");
    }
    const onboarding = await page.form({ button: /onboarding|Update details/ }).submit();
    expect(onboarding.url.pathname).toMatch(/^\/connect-sandbox\/onboarding\//);
    expect(onboarding.text()).toContain("Sandbox: test mode.");

    // A bank account that is not the test one: refused under its field, the form kept.
    const wrong = await onboarding
      .form()
      .fill("Sort code", "20-00-00")
      .fill("Account number", "12345678")
      .check(/I accept/)
      .submit();
    expect(wrong.status).toBe(422);
    expect(wrong.fieldError("Account number")).toContain("use the test bank account");
    expect(wrong.form().value("Sort code")).toBe("20-00-00");

    const back = await wrong
      .form()
      .fill("Registered business name", "Bloom Bakery Ltd")
      .fill("Sort code", "10-88-00")
      .fill("Account number", "00012345")
      .fill("First name", "Bea")
      .fill("Last name", "Baker")
      .check(/I accept/)
      .submit();
    expect(back.url.pathname).toBe("/stripe-connect");
    expect(back.text()).toContain("Welcome back from onboarding.");
    expect(back.text()).toContain("Enabled");
    expect(back.text()).toContain("Nothing is missing");
  });

  test("Connect: back from an expired onboarding link, the page says so and its button makes a new link", async () => {
    const page = await owner().goto("/stripe-connect?onboarding=expired");
    expect(page.status).toBe(200);
    const button = page.form({ button: /onboarding|Update details/ });
    const label = norm(button.buttons()[0].text);
    expect(page.text('[role="status"]')).toContain(`The onboarding link expired. Press ${label} for a new one.`);
    expect(page.text()).not.toContain("Welcome back from onboarding.");
    const fresh = await button.submit();
    expect(fresh.url.pathname).toMatch(/^\/connect-sandbox\/onboarding\//);
    expect(fresh.status).toBe(200);
  });

  test("an order: refusals under their fields, the preview's totals, the payment page: a declined card, then paid once; the list and the drawer show it", async () => {
    const list = await owner().goto("/terminal-orders");
    expect(list.h1).toBe("Terminal orders");
    expect(list.rows().length).toBeGreaterThanOrEqual(2);
    expect(list.text()).toContain("Sandbox");
    const before = (await api.call<{ meta: { total: number } }>("GET", "/terminal-orders")).meta.total;

    const form = await list.click("Order hardware");
    expect(form.h1).toBe("Order hardware");
    const refused = await form
      .form({ button: "Preview order" })
      .fill("Quantity of Wise POS E", "0")
      .fill("Quantity of Wise Pad 3", "1000")
      .fill("Name", "Bea Baker")
      .fill("Email", "owner@bloom.test")
      .fill("Phone", "0113 496 0018")
      .fill("Address line 1", "12 Mill Lane")
      .fill("Town or city", "Leeds")
      .fill("Postcode", "NOPE 123")
      .submit("Preview order");
    expect(refused.status).toBe(200);
    expect(refused.fieldError("Quantity of Wise POS E")).toBe("Order at least 1 of a device.");
    expect(refused.fieldError("Quantity of Wise Pad 3")).toBe("You can order at most 50 of one device in an order.");
    expect(refused.fieldError("Postcode")).toBe("Enter a real UK postcode, like SW1A 1AA.");
    expect(refused.form({ button: "Preview order" }).value("Postcode")).toBe("NOPE 123");
    expect(refused.form({ button: "Preview order" }).value("Town or city")).toBe("Leeds");

    // The provider's refusal (the sandbox's special address): STRIPE_ERROR on top, nothing ordered.
    const providerRefused = await refused
      .form({ button: "Preview order" })
      .fill("Quantity of Wise POS E", "1")
      .fill("Quantity of Wise Pad 3", "")
      .fill("Address line 1", "1 Refused Road")
      .fill("Postcode", "ls1 4ap")
      .submit("Preview order");
    expect(providerRefused.alerts().join(" ")).toContain("The card-terminal provider refused the order.");

    const preview = await providerRefused.form({ button: "Preview order" }).fill("Address line 1", "12 Mill Lane").submit("Preview order");
    expect(preview.text()).toContain("Subtotal");
    // £199.00 + £5.00 shipping + 20% VAT (£40.80) = £244.80
    expect(preview.text()).toContain("£244.80");
    expect(preview.text()).toContain("LS1 4AP");

    // Pay goes to the payment page (the sandbox's, on the API host, standing in for Stripe Checkout): nothing ordered yet.
    const hosted = await preview.form({ button: /^Pay £244\.80/ }).submit(/^Pay £244\.80/);
    expect(hosted.url.pathname).toMatch(/^\/payments-sandbox\/checkout\/cs_sbx_/);
    expect(hosted.text()).toContain("Sandbox: test mode.");
    expect(hosted.text()).toContain("Wise POS E");
    expect((await api.call<{ meta: { total: number } }>("GET", "/terminal-orders")).meta.total).toBe(before);

    const declined = await hosted
      .form({ button: /^Pay £244\.80/ })
      .fill("Name on the card", "Bea Baker")
      .fill("Card number", "4000 0000 0000 0002")
      .fill("Expiry (MM/YY)", "12/34")
      .fill("Security code", "123")
      .submit(/^Pay £244\.80/);
    expect(declined.status).toBe(402);
    expect(declined.alerts().join(" ")).toContain("Your card was declined.");
    expect(declined.form({ button: /^Pay/ }).value("Name on the card")).toBe("Bea Baker");
    expect((await api.call<{ meta: { total: number } }>("GET", "/terminal-orders")).meta.total).toBe(before);

    const payForm = declined
      .form({ button: /^Pay £244\.80/ })
      .fill("Card number", "4242 4242 4242 4242")
      .fill("Expiry (MM/YY)", "12/34")
      .fill("Security code", "123");
    const placed = await payForm.submit(/^Pay £244\.80/);
    expect(placed.path).toMatch(/^\/terminal-orders\/\d+$/);
    expect(placed.text()).toContain("Thank you: your order is placed and paid (£244.80).");
    expect(placed.drawer()).not.toBeNull();
    // The payment page's form sent again: the same order, charged once.
    const again = await payForm.submit(/^Pay £244\.80/);
    expect(again.path).toBe(placed.path);
    expect((await api.call<{ meta: { total: number } }>("GET", "/terminal-orders")).meta.total).toBe(before + 1);

    const pending = await owner().goto("/terminal-orders?filter%5Bstatus%5D=pending");
    expect(pending.rows().some((r) => r.text.includes("£244.80"))).toBe(true);
    const delivered = await owner().goto("/terminal-orders?filter%5Bstatus%5D=delivered");
    expect(delivered.rows().every((r) => r.text.includes("Delivered"))).toBe(true);
  });

  test("back from the payment page without paying: the order form says nothing was ordered", async () => {
    const before = (await api.call<{ meta: { total: number } }>("GET", "/terminal-orders")).meta.total;
    const form = await owner().goto("/terminal-orders/new");
    const preview = await form
      .form({ button: "Preview order" })
      .fill("Quantity of Wise Pad 3", "1")
      .fill("Name", "Bea Baker")
      .fill("Email", "owner@bloom.test")
      .fill("Phone", "0113 496 0018")
      .fill("Address line 1", "12 Mill Lane")
      .fill("Town or city", "Leeds")
      .fill("Postcode", "LS1 4AP")
      .submit("Preview order");
    const hosted = await preview.form({ button: /^Pay £/ }).submit(/^Pay £/);
    expect(hosted.url.pathname).toMatch(/^\/payments-sandbox\/checkout\//);
    const back = await hosted.click("Back to the portal");
    expect(back.path).toBe("/terminal-orders/new");
    expect(back.text('[role="status"]')).toContain("The payment was not completed, so nothing was ordered");
    // The portal's return address opened for that session, not paid: back to the form, saying so.
    const sessionId = hosted.url.pathname.split("/").pop()!;
    const unpaid = await owner().goto(`/terminal-orders/checkout?${new URLSearchParams({ session_id: sessionId })}`);
    expect(unpaid.path).toBe("/terminal-orders/new");
    expect(unpaid.alerts().join(" ")).toContain(TERMINAL_MESSAGES.checkoutUnpaid);
    expect((await api.call<{ meta: { total: number } }>("GET", "/terminal-orders")).meta.total).toBe(before);
  });
});
