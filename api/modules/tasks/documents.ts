import { invalid } from "#api/http/errors";
import type { UploadedFile } from "#api/http/multipart";
import { detectImage, tooLargeMessage } from "#api/integrations/storage/image";

export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_TYPE_MESSAGE = "Choose a PDF, Word, Excel, image, CSV or text file.";

export interface DocumentType {
  contentType: string;
  extension: string;
}

const startsWith = (bytes: Buffer, signature: number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
const extensionOf = (name: string) => (/\.([a-z0-9]{1,5})$/i.exec(name)?.[1] ?? "").toLowerCase();

/**
 * The type of an uploaded document, told by its bytes (the name only picks between formats that
 * share a container: docx/xlsx are zip files, doc/xls are OLE files; csv/txt must be text).
 */
export function detectDocument(file: UploadedFile): DocumentType | null {
  const { bytes } = file;
  const ext = extensionOf(file.filename);
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: "application/pdf", extension: "pdf" };
  const image = detectImage(bytes);
  if (image) return image;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === "docx") return { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" };
    if (ext === "xlsx") return { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };
    return null;
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (ext === "doc") return { contentType: "application/msword", extension: "doc" };
    if (ext === "xls") return { contentType: "application/vnd.ms-excel", extension: "xls" };
    return null;
  }
  if ((ext === "csv" || ext === "txt") && !bytes.includes(0)) return { contentType: ext === "csv" ? "text/csv" : "text/plain", extension: ext };
  return null;
}

/** Checks an uploaded document (not empty, at most 2 MB, an accepted type); 422 on `field` otherwise. */
export function checkDocumentUpload(file: UploadedFile, field = "document"): DocumentType {
  if (file.bytes.length === 0) throw invalid({ [field]: ["The document is empty."] });
  if (file.bytes.length > DOCUMENT_MAX_BYTES) throw invalid({ [field]: [tooLargeMessage("document")] });
  const type = detectDocument(file);
  if (!type) throw invalid({ [field]: [DOCUMENT_TYPE_MESSAGE] });
  return type;
}
