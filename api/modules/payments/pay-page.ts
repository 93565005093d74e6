import { escapeHtml, hostedField } from "#api/http/hosted-page";
import { formatPence } from "#common/money";
import { formatDate } from "#common/format";
import { TEST_CARDS } from "#api/integrations/payments/test-cards";

const e = escapeHtml;

export interface PayPageView {
  seller: string;
  number: string;
  client: string;
  totalPence: number;
  dueDate: string | null;
  /** The summary page, through the client's link. */
  summaryHref: string;
  /** Where the form posts (the same address), with its hidden fields. */
  action: string;
  token: string;
  attemptKey: string;
  /** "sandbox": the card form takes test cards and says so; "stripe": not offered on this page. */
  provider: "sandbox" | "stripe";
  /** The form cannot be used: the invoice is paid, or not payable. */
  closed?: string;
  /** The top line: a declined card or a refusal. */
  error?: string;
  errors?: Partial<Record<"holder" | "number" | "expiry" | "cvc", string>>;
  values?: { holder?: string; expiry?: string };
}

/**
 * The client's card form of an invoice (on the API host, through the invoice's link): plain HTML, no JavaScript.
 * The sandbox's page says plainly that it is the sandbox, that no money moves, and which test cards do what.
 */
export function payPageHtml(v: PayPageView): string {
  const field = (name: "holder" | "number" | "expiry" | "cvc", label: string, attrs: string, value = "") =>
    hostedField(name, label, attrs, value, v.errors?.[name]);
  const sandbox = v.provider === "sandbox";
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay invoice ${e(v.number)} · ${e(v.seller)}${sandbox ? " · Sandbox" : ""}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; color: #111827; margin: 0; background: #f3f4f6; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  .sandbox { background: #fef3c7; border: 2px dashed #d97706; padding: 0.75rem 1rem; border-radius: 0.375rem; margin-bottom: 1.5rem; }
  .sandbox table { border-collapse: collapse; margin-top: 0.5rem; font-size: 0.9rem; }
  .sandbox td { padding: 0.15rem 0.75rem 0.15rem 0; }
  .alert { background: #fef2f2; border: 1px solid #dc2626; color: #991b1b; padding: 0.75rem 1rem; border-radius: 0.375rem; }
  .field { margin: 1rem 0 0; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #9ca3af; border-radius: 0.375rem; }
  input[aria-invalid="true"] { border-color: #dc2626; }
  .error { color: #b91c1c; min-height: 1.2em; margin: 0.25rem 0 0; font-size: 0.9rem; }
  .row { display: flex; gap: 1rem; } .row .field { flex: 1; }
  .amount { font-size: 1.25rem; font-weight: 700; }
  button { font: inherit; margin-top: 1.5rem; width: 100%; padding: 0.75rem; border-radius: 0.375rem; border: 0; background: #1f2937; color: #fff; cursor: pointer; }
  a { color: #1d4ed8; }
</style>
</head>
<body>
<main>
${
  sandbox
    ? `<section class="sandbox" aria-label="Sandbox">
  <strong>Sandbox: test mode.</strong> This card form belongs to the payments sandbox: no card is charged and no money moves.
  Use a test card with any future expiry date and any 3-digit security code:
  <table><tbody>${Object.entries(TEST_CARDS)
    .map(([n, c]) => `<tr><td><code>${n.replace(/(\d{4})(?=\d)/g, "$1 ")}</code></td><td>${e(c.note)}</td></tr>`)
    .join("")}</tbody></table>
</section>`
    : ""
}
<h1>Pay invoice ${e(v.number)}</h1>
<p>From ${e(v.seller)} to ${e(v.client)}${v.dueDate ? `, due ${e(formatDate(v.dueDate))}` : ""}.</p>
<p class="amount">Amount to pay: ${e(formatPence(v.totalPence))}</p>
${v.error ? `<p class="alert" role="alert">${e(v.error)}</p>` : ""}
${
  v.closed
    ? `<p class="alert" role="status">${e(v.closed)}</p>`
    : !sandbox
      ? `<p class="alert" role="status">Paying by card on this page is not available: card details are taken by Stripe's own form, which is not set up here. Please pay by bank transfer.</p>`
      : `<form method="post" action="${e(v.action)}" novalidate>
<input type="hidden" name="token" value="${e(v.token)}">
<input type="hidden" name="attempt" value="${e(v.attemptKey)}">
${field("holder", "Name on the card", 'type="text" autocomplete="cc-name" maxlength="100" required', v.values?.holder)}
${field("number", "Card number", 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required placeholder="4242 4242 4242 4242"')}
<div class="row">
${field("expiry", "Expiry (MM/YY)", 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" required placeholder="MM/YY"', v.values?.expiry)}
${field("cvc", "Security code", 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
</div>
<button type="submit">Pay ${e(formatPence(v.totalPence))}${sandbox ? " (sandbox)" : ""}</button>
</form>`
}
<p><a href="${e(v.summaryHref)}">Back to the invoice</a></p>
</main>
</body>
</html>
`;
}
