import chardet from "chardet";
import { parse } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { BDX_MESSAGES, BDX_LIMITS } from "#contract/bdx";
import { HttpError, invalid } from "#api/http/errors";
import { onFirstUse } from "#api/lib/on-first-use";

/** `exceljs`, loaded when a spreadsheet is first read. */
const exceljs = onFirstUse<typeof ExcelJS>("exceljs");

/** A bordereau as read: its kind, the text encoding of a CSV, the header row and the data rows (all text). */
export interface Bordereau {
  fileType: "csv" | "xlsx";
  encoding: string | null;
  headers: string[];
  /** Data rows, each as long as the header row; `line` is the row's line in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

const refuse = (message: string) => invalid({ file: [message] }, message);

/** Signatures of files that are surely not a spreadsheet we read. */
const BINARY_SIGNATURES: Buffer[] = [
  Buffer.from("%PDF"),
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from("GIF8"),
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // old Office (.xls, .doc)
  Buffer.from([0x1f, 0x8b]), // gzip
  Buffer.from("MZ"), // executables
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
];
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads an uploaded bordereau: an XLSX workbook (its first sheet) or CSV text in UTF-8 (with or without a byte
 * order mark) or Windows-1252. Refuses, with a message on `file`: more than 50 MB, a binary file of another kind
 * (a PDF, an image, an old .xls, a program), a workbook that cannot be opened, and fewer than 2 rows ('You have
 * attempted to upload an invalid/empty file.'). Empty lines are skipped. A cell holding a formula is read as its
 * text (never evaluated), and a date cell as year-month-day.
 */
export async function readBordereau(bytes: Buffer, fileName: string): Promise<Bordereau> {
  if (bytes.length > BDX_LIMITS.fileBytes) throw new HttpError(413, BDX_MESSAGES.tooLarge, { file: [BDX_MESSAGES.tooLarge] });
  if (bytes.length === 0) throw refuse(BDX_MESSAGES.empty);
  const head = bytes.subarray(0, 8);
  const name = fileName.toLowerCase();
  let fileType: Bordereau["fileType"];
  let encoding: string | null = null;
  let table: string[][];
  if (head.subarray(0, 4).equals(ZIP)) {
    if (!name.endsWith(".xlsx")) throw refuse(BDX_MESSAGES.notSpreadsheet);
    fileType = "xlsx";
    table = await readXlsx(bytes);
  } else {
    if (BINARY_SIGNATURES.some((sig) => head.subarray(0, sig.length).equals(sig)) || looksBinary(bytes)) throw refuse(BDX_MESSAGES.notSpreadsheet);
    if (name.endsWith(".xlsx") || name.endsWith(".xls")) throw refuse(BDX_MESSAGES.notSpreadsheet);
    fileType = "csv";
    const decoded = decodeText(bytes);
    encoding = decoded.encoding;
    table = readCsv(decoded.text);
  }
  // Empty lines (every cell blank) are skipped; the rest keep their line numbers.
  const lines = table.map((cells, i) => ({ line: i + 1, cells: cells.map((c) => c.trim()) })).filter((r) => r.cells.some((c) => c !== ""));
  if (lines.length < 2) throw refuse(BDX_MESSAGES.empty);
  if (lines.length - 1 > BDX_LIMITS.rows) throw refuse(BDX_MESSAGES.tooManyRows);
  const [header, ...data] = lines;
  const headers = header.cells.map((h, i) => h || `Column ${i + 1}`);
  const width = headers.length;
  return {
    fileType,
    encoding,
    headers,
    rows: data.map((r) => ({ line: r.line, cells: Array.from({ length: width }, (_, i) => r.cells[i] ?? "") })),
  };
}

/** NUL bytes or many control characters in the first 8 KB: not text. */
function looksBinary(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return control > sample.length / 20;
}

/** UTF-8 (a byte order mark dropped) when the bytes are valid UTF-8; otherwise what chardet finds, Windows-1252 for the Latin ones. */
export function decodeText(bytes: Buffer): { text: string; encoding: string } {
  const hasBom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    return { text, encoding: hasBom ? "utf-8-bom" : "utf-8" };
  } catch {
    // not UTF-8
  }
  const found = (chardet.detect(body) ?? "windows-1252").toLowerCase();
  // ISO-8859-1 and Windows-1252 share the printable Latin range; 1252 also has £ € and curly quotes in 0x80–0x9F.
  const encoding = /^(iso-8859-1|iso-8859-15|windows-1252|ascii)$/.test(found) || !iconv.encodingExists(found) ? "windows-1252" : found;
  return { text: iconv.decode(body, encoding), encoding };
}

/** The delimiter of the header line: comma, semicolon or tab, whichever it holds most of. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n/) === -1 ? undefined : text.search(/\r?\n/));
  const counts = [",", ";", "\t"].map((d) => [d, first.split(d).length - 1] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][1] > 0 ? counts[0][0] : ",";
}

function readCsv(text: string): string[][] {
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
      max_record_size: 1024 * 1024,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refuse(`${BDX_MESSAGES.unreadable}${line ? ` (line ${line})` : ""}`);
  }
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new (exceljs().Workbook)();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(BDX_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(BDX_MESSAGES.empty);
  if (sheet.rowCount > BDX_LIMITS.rows + 1) throw refuse(BDX_MESSAGES.tooManyRows);
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    table[rowNumber - 1] = Array.from(cells, (c) => c ?? "");
  });
  return Array.from(table, (r) => r ?? []);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A cell as text: a formula as its text (not evaluated), a date as year-month-day, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value) {
      const f = (value as { formula?: string; sharedFormula?: string }).formula ?? (value as { sharedFormula?: string }).sharedFormula ?? "";
      return `=${f}`;
    }
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("text" in value) return String((value as { text: unknown }).text);
    if ("error" in value) return String((value as { error: unknown }).error);
    return "";
  }
  return String(value);
}
