import type { FastifyRequest } from "fastify";
import { tooLargeMessage } from "../integrations/storage/image";
import { HttpError, invalid } from "./errors";
import { hasForbiddenCharacter, NUL_MESSAGE } from "./validation";

/** Limits of every multipart request (registered with @fastify/multipart in app.ts). */
export const MULTIPART_LIMITS = {
  fileSize: 2 * 1024 * 1024,
  files: 5,
  fields: 100,
  parts: 120,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  headerPairs: 200,
} as const;

export interface UploadedFile {
  /** The field the file came in (e.g. "logo"). */
  field: string;
  /** The name the client gave the file: for display only, never used to store it. */
  filename: string;
  /** The type the client declared: not to be trusted, check the bytes (see storage/image.ts). */
  mimetype: string;
  bytes: Buffer;
}

export type FormFields = Record<string, string | string[]>;

export interface FormBody {
  /** Text fields; a field sent more than once (or named `x[]`) becomes an array under `x`. */
  fields: FormFields | Record<string, unknown>;
  /** Files by field name; an empty file input (no file chosen) is left out. */
  files: Record<string, UploadedFile>;
  /** Every kept file in the order sent, several of one field included (`documents` of a reminder). */
  list?: UploadedFile[];
}

/** Human names of file fields for the "too large" message, e.g. { logo: "logo" }. */
type Labels = Record<string, string>;

/**
 * Reads a multipart/form-data request into { fields, files }, so a route can validate the fields with
 * zod and check the files itself. Files are read into memory (each at most MULTIPART_LIMITS.fileSize);
 * a larger one answers 422 with the message on its field. Only the `fileFields` named are kept.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[], labels: Labels = {}): Promise<FormBody> {
  const fields: FormFields = {};
  const files: Record<string, UploadedFile> = {};
  const list: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (!fileFields.includes(part.fieldname)) continue;
        if (bytes.length === 0 && !part.filename) continue; // an empty file input
        files[part.fieldname] = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes };
        list.push(files[part.fieldname]);
      } else {
        const name = part.fieldname.endsWith("[]") ? part.fieldname.slice(0, -2) : part.fieldname;
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (hasForbiddenCharacter(value) || hasForbiddenCharacter(part.fieldname)) throw invalid({ [name.replace(/\u0000/g, "")]: [NUL_MESSAGE] });
        const current = fields[name];
        if (current === undefined) fields[name] = part.fieldname.endsWith("[]") ? [value] : value;
        else fields[name] = Array.isArray(current) ? [...current, value] : [current, value];
      }
    }
  } catch (e) {
    const err = e as Error & { code?: string; part?: { fieldname?: string } };
    if (err.code === "FST_REQ_FILE_TOO_LARGE") {
      const field = err.part?.fieldname ?? fileFields[0] ?? "file";
      throw invalid({ [field]: [tooLargeMessage(labels[field] ?? field)] });
    }
    if (err.code === "FST_FILES_LIMIT") throw new HttpError(413, "Too many files in one request.");
    if (err.code === "FST_FIELDS_LIMIT" || err.code === "FST_PARTS_LIMIT") throw new HttpError(413, "Too many form fields in one request.");
    if (err.code === "FST_PROTO_VIOLATION") throw new HttpError(400, "A form field has a name that is not allowed.");
    if (e instanceof HttpError) throw e;
    // Anything else the multipart parser stumbles on (no boundary, a body cut off, broken part headers)
    // is a malformed request, not a fault of ours.
    throw new HttpError(400, "The form data could not be read. Please send it again.");
  }
  return { fields, files, list };
}

/**
 * The body of a route that takes either JSON or a multipart form (with files): { fields, files }.
 * For JSON the fields are the parsed object and there are no files.
 */
export async function readForm(request: FastifyRequest, fileFields: readonly string[], labels: Labels = {}): Promise<FormBody> {
  if (request.isMultipart()) return readMultipart(request, fileFields, labels);
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) {
    throw new HttpError(400, "The request body must be a JSON object.");
  }
  return { fields: (body ?? {}) as Record<string, unknown>, files: {} };
}
