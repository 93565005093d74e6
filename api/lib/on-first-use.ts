import { createRequire } from "node:module";
import type PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used, not when the API starts. For the provider SDKs and file-format
 * libraries (stripe, twilio, xero-node, nodemailer, pdfkit, exceljs, docxtemplater, pizzip): together they take about
 * 1.4 s to load, which every API process, job worker and test file paid although most never call them (the sandboxes
 * are the default, and a PDF or a spreadsheet is made on request). Loaded once per process, through the package's
 * CommonJS entry, synchronously, so the callers stay as they were. Type it with the package's own types:
 * `const stripe = onFirstUse<typeof import("stripe")>("stripe")`.
 */
export function onFirstUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}

/** `pdfkit` (the quotes' and invoices' PDFs, the exports' record PDFs, the templates' text PDFs). */
export const pdfkit = onFirstUse<typeof PDFDocument>("pdfkit");
