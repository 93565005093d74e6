import { invalid } from "#api/http/errors";
import type { UploadedFile } from "#api/http/multipart";

/** Largest image accepted for upload (logos, photos). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export interface ImageType {
  contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  extension: "png" | "jpg" | "gif" | "webp";
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type told by the file's first bytes (its magic number), whatever its name or declared
 * type says. PNG, JPEG, GIF and WebP only: SVG is refused because it can carry script.
 */
export function detectImage(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", extension: "png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return { contentType: "image/gif", extension: "gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { contentType: "image/webp", extension: "webp" };
  return null;
}

/**
 * Checks an uploaded image: not empty, at most 2 MB, really a PNG, JPEG, GIF or WebP. Answers its
 * type, or throws a 422 with the message on the form field (`errors[field]`).
 */
export function checkImageUpload(file: UploadedFile, field: string, label = field): ImageType {
  if (file.bytes.length === 0) throw invalid({ [field]: [`The ${label} file is empty.`] });
  if (file.bytes.length > MAX_IMAGE_BYTES) throw invalid({ [field]: [tooLargeMessage(label)] });
  const type = detectImage(file.bytes);
  if (!type) throw invalid({ [field]: [`The ${label} must be an image: PNG, JPEG, GIF or WebP.`] });
  return type;
}

export const tooLargeMessage = (label: string) => `The ${label} may not be larger than 2 MB.`;
