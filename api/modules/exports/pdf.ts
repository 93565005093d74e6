import { pdfkit } from "#api/lib/on-first-use";
import type { Cell } from "./registry";

/**
 * One record as a PDF (A4, pdfkit, as the quotes' and invoices' own): its heading, then each column of its list's
 * export as a label and its value, one per line. Text is left uncompressed so that it can be read back.
 */
export function recordPdf(title: string, lines: [string, Cell][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new (pdfkit())({ size: "A4", margin: 50, compress: false, info: { Title: title } });
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    pdf.font("Helvetica-Bold").fontSize(18).text(title, 50, 50);
    pdf.moveDown(1);
    pdf.fontSize(10);
    for (const [label, value] of lines) {
      const text = value === null || value === undefined || value === "" ? "—" : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
      const y = pdf.y;
      if (y > 760) pdf.addPage();
      const top = pdf.y;
      pdf.font("Helvetica-Bold").fillColor("#4b5563").text(label, 50, top, { width: 150 });
      const afterLabel = pdf.y;
      pdf.font("Helvetica").fillColor("#111827").text(text, 210, top, { width: 335 });
      pdf.y = Math.max(afterLabel, pdf.y) + 4;
    }
    pdf.end();
  });
}
