import { formatPence } from "#common/pence";
import { escapeHtml as e, hostedField } from "#api/http/hosted-page";
import { sandboxPage } from "../stripe-connect/onboarding-page";

export type CheckoutField = "holder" | "number" | "expiry" | "cvc";

export interface CheckoutView {
  action: string;
  description: string;
  lines: { name: string; unitAmountPence: number; quantity: number }[];
  amountPence: number;
  cancelUrl: string;
  values: Partial<Record<CheckoutField, string>>;
  errors?: Partial<Record<CheckoutField, string>>;
  error?: string;
}

const NOTICE = "This page stands in for Stripe Checkout: no card is sent to Stripe and no money moves. Pay with a test card, like 4242 4242 4242 4242.";

/**
 * The payments sandbox's hosted checkout (on the API host, at the session's address): the order's lines and a plain
 * card form taking the sandbox's test cards, as Stripe Checkout's page would. No JavaScript. A declined card is shown
 * again with its reason, what was typed kept (the card number excepted, as a card page does).
 */
export function checkoutPageHtml(v: CheckoutView): string {
  const field = (name: CheckoutField, label: string, attrs: string) => hostedField(name, label, `type="text" ${attrs}`, v.values[name] ?? "", v.errors?.[name]);
  const total = formatPence(v.amountPence);
  return sandboxPage(
    "Pay",
    `<h1>Pay ${e(total)}</h1>
<p>${e(v.description)}</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Amount</th></tr></thead>
<tbody>
${v.lines.map((l) => `<tr><td>${e(l.name)}</td><td>${l.quantity}</td><td>${e(formatPence(l.unitAmountPence * l.quantity))}</td></tr>`).join("\n")}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td>${e(total)}</td></tr></tfoot>
</table>
${v.error ? `<p class="alert" role="alert">${e(v.error)}</p>` : ""}
<form method="post" action="${e(v.action)}" novalidate>
${field("holder", "Name on the card", 'maxlength="100" autocomplete="cc-name"')}
${field("number", "Card number", 'maxlength="23" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"')}
<div class="row">
${field("expiry", "Expiry (MM/YY)", 'maxlength="7" inputmode="numeric" autocomplete="cc-exp" placeholder="12/34"')}
${field("cvc", "Security code", 'maxlength="4" inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}
</div>
<button type="submit">Pay ${e(total)}</button>
</form>
<p><a href="${e(v.cancelUrl)}">Back to the portal</a></p>`,
    NOTICE,
  );
}

/** A session that is not (or no longer) known here: said plainly (404). */
export function unknownCheckoutHtml(): string {
  return sandboxPage(
    "Payment page not found",
    `<h1>This payment page is not valid</h1>
<p class="alert" role="alert">This payment page has expired or is not valid. Go back to the portal and press Pay again.</p>`,
    NOTICE,
  );
}
