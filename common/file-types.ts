/**
 * File types (spec §3, Dropdown option `file_type`): jpg, png, jpeg, doc, docx, xls, xlsx and pdf
 * show matching icons; anything else a generic file icon. Image uploads accept image/* only (§5).
 */

export const KNOWN_FILE_TYPES = ["jpg", "png", "jpeg", "doc", "docx", "xls", "xlsx", "pdf"] as const;
export type KnownFileType = (typeof KNOWN_FILE_TYPES)[number];

/** The icon family: images, Word documents, spreadsheets, PDFs, and a generic file. */
export type FileIconKind = "image" | "word" | "excel" | "pdf" | "file";

const KIND: Record<KnownFileType, FileIconKind> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  doc: "word",
  docx: "word",
  xls: "excel",
  xlsx: "excel",
  pdf: "pdf",
};

export const FILE_ICON_LABEL: Record<FileIconKind, string> = {
  image: "Image",
  word: "Word document",
  excel: "Spreadsheet",
  pdf: "PDF document",
  file: "File",
};

export const IMAGE_ONLY_MESSAGE = "Choose an image file.";

/** "PDF", ".Docx", "docx" → "docx"; null when empty. */
export function normaliseFileType(fileType: string | null | undefined): string | null {
  const t = (fileType ?? "").trim().replace(/^\./, "").toLowerCase();
  return t === "" ? null : t;
}

export function isKnownFileType(fileType: string | null | undefined): fileType is KnownFileType {
  const t = normaliseFileType(fileType);
  return t !== null && (KNOWN_FILE_TYPES as readonly string[]).includes(t);
}

/** The icon for a file_type: jpg/jpeg/png → image, doc/docx → word, xls/xlsx → excel, pdf → pdf, else file. */
export function fileIconKind(fileType: string | null | undefined): FileIconKind {
  const t = normaliseFileType(fileType);
  return t !== null && t in KIND ? KIND[t as KnownFileType] : "file";
}

/** The extension of a file name, path or URL ("/logos/a.PNG?v=2" → "png"); null when it has none. */
export function fileTypeFromName(name: string | null | undefined): string | null {
  const base = (name ?? "").split(/[?#]/)[0]!.split("/").pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : null;
}

/** True for an image/* MIME type ("image/png", "image/svg+xml"). */
export function isImageMimeType(type: string | null | undefined): boolean {
  return /^image\/[a-z0-9.+-]+$/i.test((type ?? "").trim());
}

/**
 * Whether a file of this MIME type and name fits an `accept` list ("image/*", ".pdf,.docx",
 * "application/pdf"). An empty accept list accepts everything.
 */
export function matchesAccept(accept: string | null | undefined, file: { type: string; name: string }): boolean {
  const rules = (accept ?? "")
    .split(",")
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const type = file.type.toLowerCase();
  const ext = fileTypeFromName(file.name);
  return rules.some((rule) => {
    if (rule.startsWith(".")) return ext === rule.slice(1);
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}
