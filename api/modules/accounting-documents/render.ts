import { escapeHtml } from "#api/http/hosted-page";
import { formatDate } from "#common/format";
import { formatPence } from "#common/money";
import { PAYMENT_METHODS } from "#contract/sales-documents";
import type { AccountingDocument } from "#contract/accounting-documents";

const e = escapeHtml;
const paragraphs = (s: string) => e(s).replace(/\n/g, "<br>");
const money = (pence: number) => formatPence(pence);

/**
 * The summary of an accounting-synced quote or invoice: HTML fit to print. It says where the document is kept,
 * and a sandbox's copy says so ("Sandbox ledger: not a real accounting system").
 */
export function summaryHtml(doc: AccountingDocument, seller: string): string {
  const noun = doc.kind === "invoice" ? "Invoice" : "Quote";
  const title = `${noun} ${doc.number ?? ""}`.trim();
  const facts: [string, string][] = [
    ["Number", doc.number_label],
    ["Status", doc.status_label],
    ["Date", formatDate(doc.issue_date)],
  ];
  if (doc.due_date) facts.push([doc.kind === "invoice" ? "Due" : "Expires", formatDate(doc.due_date)]);
  if (doc.reference) facts.push(["Reference", doc.reference]);
  if (doc.division) facts.push(["Division", doc.division]);
  if (doc.paid_on) {
    const method = PAYMENT_METHODS.find((m) => m.value === doc.payment_method)?.label.toLowerCase();
    facts.push(["Paid", `${formatDate(doc.paid_on)}${method ? ` by ${method}` : ""}`]);
  }
  const kept =
    doc.sync.status === "not_synced"
      ? `Not synced with the accounting system${doc.sync.error ? `: ${doc.sync.error}` : "."}`
      : doc.sync.provider === "sandbox"
        ? "Sandbox ledger: kept in the portal's sandbox, not in a real accounting system."
        : "Synced with Xero.";
  const vatRows = [20, 5, 0]
    .map((rate) => {
      const lines = doc.items.filter((i) => i.vat_rate === rate);
      return lines.length
        ? ([`VAT ${rate}% on ${money(lines.reduce((s, i) => s + i.net_pence, 0))}`, money(lines.reduce((s, i) => s + i.vat_pence, 0))] as const)
        : null;
    })
    .filter((x) => x !== null);
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · ${e(seller)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; color: #111827; margin: 0; background: #f3f4f6; }
  main { max-width: 52rem; margin: 2rem auto; background: #fff; padding: 2.5rem; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.6rem; margin: 0 0 0.25rem; }
  .kept { border: 1px solid #d97706; background: #fffbeb; padding: 0.5rem 0.75rem; border-radius: 0.375rem; }
  .kept.synced { border-color: #10b981; background: #ecfdf5; }
  .parties { display: flex; justify-content: space-between; gap: 2rem; margin: 1.5rem 0; }
  dl { display: grid; grid-template-columns: auto auto; gap: 0.25rem 1rem; margin: 0; }
  dt { color: #4b5563; } dd { margin: 0; text-align: right; }
  table { width: 100%; border-collapse: collapse; margin: 1.5rem 0; }
  th, td { padding: 0.5rem; border-bottom: 1px solid #e5e7eb; text-align: left; vertical-align: top; }
  th.n, td.n { text-align: right; white-space: nowrap; }
  .totals { margin-left: auto; width: min(100%, 24rem); }
  .totals tr:last-child td { font-weight: 700; border-bottom: 2px solid #111827; }
  @media print { body { background: #fff; } main { box-shadow: none; margin: 0; max-width: none; padding: 0; } }
</style>
</head>
<body>
<main>
<h1>${e(title)}</h1>
<p class="kept${doc.sync.status === "synced" && doc.sync.provider === "xero" ? " synced" : ""}" data-sync="${e(doc.sync.status)}">${e(kept)}</p>
<div class="parties">
  <div><strong>From</strong><br>${e(seller)}<br><br><strong>To</strong><br>${e(doc.client.name)}</div>
  <dl>${facts.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join("")}</dl>
</div>
<table>
  <thead><tr><th>Description</th><th class="n">Quantity</th><th class="n">Unit price</th><th class="n">VAT</th><th>Account</th><th class="n">Amount</th></tr></thead>
  <tbody>
${
  doc.items
    .map(
      (l) =>
        `    <tr><td>${paragraphs(l.description)}</td><td class="n">${e(l.quantity)}</td><td class="n">${money(l.unit_price_pence)}</td><td class="n">${l.vat_rate}%</td><td>${e(l.account_code)}</td><td class="n">${money(l.net_pence)}</td></tr>`,
    )
    .join("\n") || '    <tr><td colspan="6">No items yet.</td></tr>'
}
  </tbody>
</table>
<table class="totals">
  <tbody>
    <tr><td>Subtotal</td><td class="n">${money(doc.subtotal_pence)}</td></tr>
${vatRows.map(([k, v]) => `    <tr><td>${e(k)}</td><td class="n">${v}</td></tr>`).join("\n")}
    <tr><td>Total</td><td class="n">${money(doc.total_pence)}</td></tr>
  </tbody>
</table>
${doc.terms_and_conditions ? `<h2>Terms and conditions</h2><p>${paragraphs(doc.terms_and_conditions)}</p>` : ""}
</main>
</body>
</html>
`;
}
