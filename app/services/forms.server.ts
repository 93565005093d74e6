import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, MaxPartSizeExceededError } from "@remix-run/node";
import { formOf, noteSubmission } from "./submission.server";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/**
 * Reads a posted form, multipart included (files kept in memory up to `maxBytes` each, 2 MB unless said). Too large
 * a file answers `tooLarge` with an empty form.
 */
export async function readForm(request: Request, maxBytes = MAX_UPLOAD_BYTES): Promise<{ form: FormData; tooLarge: boolean }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return { form: await formOf(request), tooLarge: false };
  try {
    const form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: maxBytes }));
    return { form: noteSubmission(request, form), tooLarge: false };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { form: new FormData(), tooLarge: true };
    throw error;
  }
}

/** A file field that was really filled in (browsers send an empty part for an untouched file input). */
export function chosenFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}
