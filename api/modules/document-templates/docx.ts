/**
 * Word templates: reading a DOCX's placeholders (to check them when the template is saved) and filling them
 * (docxtemplater + pizzip; docxtemplater joins a placeholder Word split across runs). Text templates become a PDF
 * (pdfkit). Placeholders are `{task.name}`: the data point's key, looked up as it is written.
 */
import type Docxtemplater from "docxtemplater";
import type InspectModule from "docxtemplater/js/inspect-module.js";
import type PizZip from "pizzip";
import { DOCUMENT_TEMPLATE_MESSAGES } from "#contract/document-templates";
import { invalid } from "#api/http/errors";
import { onFirstUse, pdfkit } from "#api/lib/on-first-use";

// Loaded when a template is first read or filled, not when the API starts.
const docxtemplater = onFirstUse<typeof Docxtemplater>("docxtemplater");
const inspectModule = onFirstUse<typeof InspectModule>("docxtemplater/js/inspect-module.js");
const pizzip = onFirstUse<typeof PizZip>("pizzip");

/** Opens a DOCX; a file that is not one (not a zip, or a zip without a Word document) is a 422 on `file`. */
function openZip(bytes: Buffer): PizZip {
  let zip: PizZip;
  try {
    zip = new (pizzip())(bytes);
  } catch {
    throw invalid({ file: [DOCUMENT_TEMPLATE_MESSAGES.notDocx] }, DOCUMENT_TEMPLATE_MESSAGES.notDocx);
  }
  if (!zip.file("word/document.xml")) throw invalid({ file: [DOCUMENT_TEMPLATE_MESSAGES.notDocx] }, DOCUMENT_TEMPLATE_MESSAGES.notDocx);
  return zip;
}

interface TemplateErrorLike {
  properties?: { errors?: { properties?: { explanation?: string; xtag?: string } }[]; explanation?: string };
}

/** A DOCX's docxtemplater; broken placeholders ("{task.name" never closed …) are a 422 on `file` with each one. */
function compile(bytes: Buffer, modules: InspectModule[] = []) {
  const zip = openZip(bytes);
  try {
    return new (docxtemplater())(zip, { paragraphLoop: true, linebreaks: true, modules, nullGetter: () => "", errorLogging: false });
  } catch (error) {
    const e = error as TemplateErrorLike;
    const details = (e.properties?.errors ?? [e]).map((x) => (x as TemplateErrorLike).properties?.explanation).filter((s): s is string => !!s);
    const message = `${DOCUMENT_TEMPLATE_MESSAGES.brokenPlaceholders}: ${details.join(" ") || "a placeholder could not be read."}`;
    throw invalid({ file: [message] }, message);
  }
}

/** The placeholders a DOCX uses (loops and conditions by their names too). */
export function docxPlaceholders(bytes: Buffer): string[] {
  const inspect = new (inspectModule())();
  compile(bytes, [inspect]);
  const names = new Set<string>();
  const walk = (tags: Record<string, unknown>) => {
    for (const [name, inner] of Object.entries(tags)) {
      names.add(name);
      if (inner && typeof inner === "object") walk(inner as Record<string, unknown>);
    }
  };
  walk(inspect.getAllTags());
  return [...names];
}

/** Fills a DOCX with the data (keys as the placeholders name them); a missing value is left blank. */
export function fillDocx(bytes: Buffer, data: Record<string, string>): Buffer {
  const doc = compile(bytes);
  doc.render(data);
  return doc.getZip().generate({ type: "nodebuffer", compression: "DEFLATE" }) as Buffer;
}

/** The filled text of a text template. */
export const fillText = (body: string, data: Record<string, string>) => body.replace(/\{\s*([^{}]+?)\s*\}/g, (_, key: string) => data[key] ?? "");

/** A PDF of a filled text template: its title, then the text, a line starting with "# " as a heading. */
export function textPdf(title: string, text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new (pdfkit())({ size: "A4", margin: 56, compress: false, info: { Title: title } });
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    pdf.font("Helvetica-Bold").fontSize(16).text(title);
    pdf.moveDown();
    for (const line of text.split(/\r?\n/)) {
      if (line.startsWith("# ")) pdf.moveDown(0.5).font("Helvetica-Bold").fontSize(13).text(line.slice(2));
      else
        pdf
          .font("Helvetica")
          .fontSize(11)
          .text(line === "" ? " " : line);
    }
    pdf.end();
  });
}

/** The text of a DOCX's body (paragraphs on lines): for tests and previews. */
export function docxText(bytes: Buffer): string {
  const xml = openZip(bytes).file("word/document.xml")!.asText();
  return xml
    .split(/<\/w:p>/)
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(""))
    .filter((s) => s !== "")
    .join("\n")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

/** A minimal DOCX of paragraphs (the demo seed's templates and the tests' fixtures). */
export function makeDocx(paragraphs: string[]): Buffer {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const zip = new (pizzip())();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`).join("");
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: "nodebuffer" }) as Buffer;
}
