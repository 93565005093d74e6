import { pdfkit } from "#api/lib/on-first-use";
import { escapeHtml } from "#api/http/hosted-page";
import { formatDate } from "#common/format";
import { formatPence } from "#common/money";
import { PAYMENT_METHODS, type SalesDocument } from "#contract/sales-documents";
import type { SalesDocumentKind } from "#api/db/schema";

/**
 * One view of a quote or invoice, drawn three ways: the summary page (HTML fit to print), its PDF (pdfkit, no
 * browser), and the e-mail's text. Every figure comes from the document's stored pence through formatPence, so the
 * three (and the API's list and detail) show the same pennies.
 */
export interface DocumentView {
  kind: SalesDocumentKind;
  title: string;
  seller: string;
  client: string;
  facts: [string, string][];
  lines: { description: string; quantity: string; unitPrice: string; vat: string; net: string }[];
  totals: [string, string][];
  notes: string | null;
  terms: string | null;
  status: string;
}

const methodLabel = (m: string | null) => PAYMENT_METHODS.find((p) => p.value === m)?.label ?? m ?? "";

export function documentView(kind: SalesDocumentKind, doc: SalesDocument, seller: string): DocumentView {
  const noun = kind === "quote" ? "Quote" : "Invoice";
  const facts: [string, string][] = [
    [`${noun} number`, doc.number_label],
    ["Date", formatDate(doc.issue_date)],
  ];
  if (doc.due_date) facts.push([kind === "quote" ? "Valid until" : "Due", formatDate(doc.due_date)]);
  if (doc.reference) facts.push(["Reference", doc.reference]);
  facts.push(["Status", doc.status_label]);
  if (doc.paid_on) facts.push(["Paid", `${formatDate(doc.paid_on)} by ${methodLabel(doc.payment_method).toLowerCase()}`]);
  const totals: [string, string][] = [["Subtotal", formatPence(doc.subtotal_pence)]];
  for (const v of doc.vat_breakdown) totals.push([`VAT at ${v.rate}% on ${formatPence(v.net_pence)}`, formatPence(v.vat_pence)]);
  totals.push(["VAT", formatPence(doc.vat_pence)], ["Total", formatPence(doc.total_pence)]);
  return {
    kind,
    title: `${noun} ${doc.number_label}`,
    seller,
    client: doc.client.name,
    facts,
    lines: doc.items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unitPrice: formatPence(i.unit_price_pence),
      vat: `${i.vat_rate}%`,
      net: formatPence(i.net_pence),
    })),
    totals,
    notes: doc.notes,
    terms: doc.terms_and_conditions,
    status: doc.status,
  };
}

/** The summary page: plain HTML and inline styles, fit to print; with the client's approval form when offered. */
export function summaryHtml(
  view: DocumentView,
  options: { pdfHref: string; approve?: { action: string; token: string }; message?: string; payHref?: string },
): string {
  const e = escapeHtml;
  const paragraphs = (s: string) => e(s).replace(/\n/g, "<br>");
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(view.title)} · ${e(view.seller)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; color: #111827; margin: 0; background: #f3f4f6; }
  main { max-width: 52rem; margin: 2rem auto; background: #fff; padding: 2.5rem; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.6rem; margin: 0 0 0.25rem; }
  .parties { display: flex; justify-content: space-between; gap: 2rem; margin: 1.5rem 0; }
  dl { display: grid; grid-template-columns: auto auto; gap: 0.25rem 1rem; margin: 0; }
  dt { color: #4b5563; } dd { margin: 0; text-align: right; }
  table { width: 100%; border-collapse: collapse; margin: 1.5rem 0; }
  th, td { padding: 0.5rem; border-bottom: 1px solid #e5e7eb; text-align: left; vertical-align: top; }
  th.n, td.n { text-align: right; white-space: nowrap; }
  .totals { margin-left: auto; width: min(100%, 24rem); }
  .totals tr:last-child td { font-weight: 700; border-bottom: 2px solid #111827; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 2rem; }
  .message { background: #ecfdf5; border: 1px solid #10b981; padding: 0.75rem 1rem; border-radius: 0.375rem; }
  button, .button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.375rem; border: 1px solid #1f2937; background: #1f2937; color: #fff; cursor: pointer; text-decoration: none; }
  .button.secondary { background: #fff; color: #1f2937; }
  @media print { body { background: #fff; } main { box-shadow: none; margin: 0; max-width: none; padding: 0; } .actions { display: none; } }
</style>
</head>
<body>
<main>
${options.message ? `<p class="message" role="status">${e(options.message)}</p>` : ""}
<h1>${e(view.title)}</h1>
<div class="parties">
  <div><strong>From</strong><br>${e(view.seller)}<br><br><strong>To</strong><br>${e(view.client)}</div>
  <dl>${view.facts.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join("")}</dl>
</div>
<table>
  <thead><tr><th>Description</th><th class="n">Quantity</th><th class="n">Unit price</th><th class="n">VAT</th><th class="n">Amount</th></tr></thead>
  <tbody>
${view.lines.map((l) => `    <tr><td>${paragraphs(l.description)}</td><td class="n">${e(l.quantity)}</td><td class="n">${e(l.unitPrice)}</td><td class="n">${e(l.vat)}</td><td class="n">${e(l.net)}</td></tr>`).join("\n") || '    <tr><td colspan="5">No items yet.</td></tr>'}
  </tbody>
</table>
<table class="totals">
  <tbody>
${view.totals.map(([k, v]) => `    <tr><td>${e(k)}</td><td class="n">${e(v)}</td></tr>`).join("\n")}
  </tbody>
</table>
${view.notes ? `<h2>Notes</h2><p>${paragraphs(view.notes)}</p>` : ""}
${view.terms ? `<h2>Terms and conditions</h2><p>${paragraphs(view.terms)}</p>` : ""}
<div class="actions">
  ${options.approve ? `<form method="post" action="${e(options.approve.action)}"><input type="hidden" name="token" value="${e(options.approve.token)}"><button type="submit">Approve this quote</button></form>` : ""}
  ${options.payHref ? `<a class="button" href="${e(options.payHref)}">Pay by card</a>` : ""}
  <a class="button secondary" href="${e(options.pdfHref)}">Download PDF</a>
</div>
</main>
</body>
</html>
`;
}

/** The same view as a PDF (A4), made with pdfkit; text is left uncompressed so it can be read back. */
export function summaryPdf(view: DocumentView): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new (pdfkit())({ size: "A4", margin: 50, compress: false, info: { Title: view.title, Author: view.seller } });
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);

    const left = 50;
    const right = 545;
    pdf.font("Helvetica-Bold").fontSize(20).text(view.title, left, 50);
    pdf.moveDown(0.5);
    pdf.font("Helvetica").fontSize(10);
    const top = pdf.y;
    pdf.font("Helvetica-Bold").text("From", left, top).font("Helvetica").text(view.seller).moveDown(0.5);
    pdf.font("Helvetica-Bold").text("To").font("Helvetica").text(view.client);
    const afterParties = pdf.y;
    let y = top;
    for (const [k, v] of view.facts) {
      pdf.fillColor("#4b5563").text(k, 320, y, { width: 100 });
      pdf.fillColor("#111827").text(v, 420, y, { width: right - 420, align: "right" });
      y = pdf.y + 2;
    }
    y = Math.max(y, afterParties) + 20;

    const cols = [
      { key: "description", label: "Description", x: left, w: 215, align: "left" as const },
      { key: "quantity", label: "Quantity", x: 270, w: 60, align: "right" as const },
      { key: "unitPrice", label: "Unit price", x: 335, w: 80, align: "right" as const },
      { key: "vat", label: "VAT", x: 420, w: 40, align: "right" as const },
      { key: "net", label: "Amount", x: 465, w: 80, align: "right" as const },
    ];
    const header = () => {
      pdf.font("Helvetica-Bold");
      for (const c of cols) pdf.text(c.label, c.x, y, { width: c.w, align: c.align });
      y = pdf.y + 4;
      pdf.moveTo(left, y).lineTo(right, y).strokeColor("#d1d5db").stroke();
      y += 6;
      pdf.font("Helvetica");
    };
    header();
    for (const line of view.lines) {
      const height = pdf.heightOfString(line.description, { width: cols[0].w });
      if (y + height > 760) {
        pdf.addPage();
        y = 50;
        header();
      }
      for (const c of cols) pdf.text(line[c.key as keyof typeof line], c.x, y, { width: c.w, align: c.align });
      y += height + 6;
    }
    if (!view.lines.length) {
      pdf.text("No items yet.", left, y);
      y = pdf.y + 6;
    }
    y += 10;
    if (y > 700) {
      pdf.addPage();
      y = 50;
    }
    for (const [i, [k, v]] of view.totals.entries()) {
      const last = i === view.totals.length - 1;
      pdf.font(last ? "Helvetica-Bold" : "Helvetica");
      pdf.text(k, 300, y, { width: 160 });
      pdf.text(v, 465, y, { width: 80, align: "right" });
      y = pdf.y + 4;
    }
    pdf.font("Helvetica");
    for (const [heading, body] of [
      ["Notes", view.notes],
      ["Terms and conditions", view.terms],
    ] as const) {
      if (!body) continue;
      pdf.moveDown(1);
      pdf.font("Helvetica-Bold").text(heading, left, Math.max(pdf.y, y) + 10);
      pdf.font("Helvetica").text(body, { width: right - left });
      y = pdf.y;
    }
    pdf.end();
  });
}

/** The e-mail to the client: the figures of the summary, and the link to it. */
export function emailText(view: DocumentView, link: string): { subject: string; text: string } {
  const noun = view.kind === "quote" ? "quote" : "invoice";
  const total = view.totals[view.totals.length - 1][1];
  const due = view.facts.find(([k]) => k === "Due" || k === "Valid until");
  const lines = [
    `Dear ${view.client},`,
    "",
    `Please find attached ${noun} ${view.title.split(" ").slice(1).join(" ")} from ${view.seller}, for ${total}${due ? ` (${due[0].toLowerCase()} ${due[1]})` : ""}.`,
    "",
    ...view.lines.map((l) => `- ${l.description.replace(/\s+/g, " ")}: ${l.quantity} × ${l.unitPrice} (VAT ${l.vat}) = ${l.net}`),
    "",
    ...view.totals.map(([k, v]) => `${k}: ${v}`),
    "",
    view.kind === "quote" ? `View and approve the quote online: ${link}` : `View the invoice online: ${link}`,
    "",
    `Kind regards,`,
    view.seller,
  ];
  return { subject: `${view.title} from ${view.seller}`, text: lines.join("\n") };
}
