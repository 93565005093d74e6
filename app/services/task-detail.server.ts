import { unstable_composeUploadHandlers, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { z } from "zod";
import { noteSchema } from "#contract/clients";
import {
  activityListSchema,
  confidenceScoreListSchema,
  paymentFrequencyListSchema,
  taskEmailListSchema,
  taskEmailResponseSchema,
  taskNoteListSchema,
  taskProductResponseSchema,
  taskProductTypeListSchema,
  taskProgressResponseSchema,
  taskResponseSchema,
} from "#contract/tasks";
import { fileTypeFromName } from "#common/file-types";
import { requirePermission } from "./auth.server";
import type { Api, ApiValidationError } from "./api.server";
import { formOf, noteSubmission } from "./submission.server";
import { idOf } from "./ids.server";

/**
 * The calls of the task page (/tasks/{id}) and its drawers: everything a task view reads and changes.
 * The list, the create form and the pipelines are in tasks.server.ts.
 */

/** The page's route-table entry: it guards every loader and action of the page and its drawers. */
export const TASK_PATTERN = "/tasks/:taskId";

/** The task id of the URL (a positive whole number; anything else is not found). */
export function taskIdOf(params: { taskId?: string }) {
  return idOf(params.taskId);
}

/** Only holders of task_manage change a task: a drawer's loader goes back to the task, a form answers 403. */
export async function requireTaskManager(request: Request, params: { taskId?: string }) {
  const signedIn = await requirePermission(request, "task_manage", { route: TASK_PATTERN, back: `/tasks/${params.taskId}` });
  return { ...signedIn, id: taskIdOf(params) };
}

const path = (id: string, rest = "") => `/task/${encodeURIComponent(id)}${rest}`;

/** Page sizes of the task page's own lists. */
export const ACTIVITY_PAGE_SIZE = 10;
export const NOTES_PAGE_SIZE = 10;
export const EMAILS_PAGE_SIZE = 20;
/** The latest e-mails the task page shows beside its notes (the drawer has them all). */
export const RECENT_EMAILS = 3;

export const taskActivity = (api: Api, id: string, page: number) =>
  api.get(`/activity-log/task/${encodeURIComponent(id)}`, { query: { "page[number]": page, "page[size]": ACTIVITY_PAGE_SIZE }, schema: activityListSchema });

/** Progress notes and general notes of the task (one list, newest first, with their documents). */
export const taskNotes = (api: Api, id: string, page: number) =>
  api.get(`/tasks/${encodeURIComponent(id)}/notes`, { query: { "page[number]": page, "page[size]": NOTES_PAGE_SIZE }, schema: taskNoteListSchema });

export const addTaskNote = (api: Api, id: string, body: string) =>
  api.post("/note", { body: { notable_type: "task", notable_id: Number(id), body }, schema: z.object({ data: noteSchema }) });

/** The task's e-mails, newest first: a page of the e-mails drawer, or the page's latest few (`size`). */
export const taskEmails = (api: Api, id: string, page: number, size: number = EMAILS_PAGE_SIZE) =>
  api.get(path(id, "/email"), { query: { "page[number]": page, "page[size]": size }, schema: taskEmailListSchema });

export const sendTaskEmail = (api: Api, id: string, body: { to: string | string[]; subject: string; body: string; thread_id?: number }) =>
  api.post(path(id, "/send-email"), { body, schema: taskEmailResponseSchema });

export const deleteTask = (api: Api, id: string) => api.delete(path(id));
export const setTaskRevenue = (api: Api, id: string, body: Record<string, string | number | null>) =>
  api.put(path(id, "/revenue"), { body, schema: taskResponseSchema });
export const setTaskKyb = (api: Api, id: string, kyb: boolean) => api.put(path(id, "/kyb"), { body: { kyb }, schema: taskResponseSchema });
export const recordProgress = (api: Api, id: string, form: FormData) =>
  api.post(`/tasks/${encodeURIComponent(id)}/notes/progress`, { body: form, schema: taskProgressResponseSchema });

export const addTaskProduct = (api: Api, id: string, body: Record<string, string | number | null | undefined>) =>
  api.post(path(id, "/task-product"), { body, schema: taskProductResponseSchema });
export const getTaskProduct = async (api: Api, id: string, productId: string) =>
  (await api.get(path(id, `/task-product/${encodeURIComponent(productId)}`), { schema: taskProductResponseSchema })).data;
export const deleteTaskProduct = (api: Api, id: string, productId: string) => api.delete(path(id, `/task-product/${encodeURIComponent(productId)}`));

export async function productTypeOptions(api: Api) {
  const res = await api.get("/task-product-type", { query: { "page[size]": 999 }, schema: taskProductTypeListSchema });
  return res.data.map((t) => ({ value: String(t.id), label: t.name }));
}

export async function paymentFrequencyOptions(api: Api) {
  const res = await api.get("/payment-frequencies", { schema: paymentFrequencyListSchema });
  return res.data.map((f) => ({ value: String(f.id), label: f.name }));
}

/** The answers of each confidence question, by the task field that holds the chosen one. */
export async function confidenceOptions(api: Api) {
  const res = await api.get("/confidence-scores", { schema: confidenceScoreListSchema });
  return Object.fromEntries(
    res.data.map((g) => [g.field, [...g.scores].sort((a, b) => a.score - b.score).map((s) => ({ value: String(s.id), label: `${s.name} (${s.score})` }))]),
  ) as Record<string, { value: string; label: string }[]>;
}

/** A page number from the query string (1 when missing or not a positive whole number). */
export function pageParam(url: URL, name: string): number {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
}

// ---------------------------------------------------------------- the update-progress upload

export const PROGRESS_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
/** What the document field accepts (spec: image, PDF and Word documents). */
export const PROGRESS_DOCUMENT_ACCEPT = "image/*,.pdf,.doc,.docx";
export const PROGRESS_DOCUMENT_TYPE_MESSAGE = "Choose an image, a PDF or a Word document.";
export const PROGRESS_DOCUMENT_SIZE_MESSAGE = "The document may not be larger than 2 MB.";
const DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "png", "jpg", "jpeg", "gif", "webp"];

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _ of data) {
    // read and drop
  }
}

/**
 * Reads a posted form (multipart or not) keeping the text fields even when the file is too large:
 * the file `fileField` is kept in memory up to the limit; a larger one is dropped and reported.
 */
export async function readUploadForm(
  request: Request,
  fileField: string,
  maxBytes = PROGRESS_DOCUMENT_MAX_BYTES,
): Promise<{ form: FormData; tooLarge: boolean }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return { form: await formOf(request), tooLarge: false };
  let tooLarge = false;
  const files: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (filename === undefined) return undefined; // a text field: the memory handler below
    if (name !== fileField || filename === "") {
      await drain(data);
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > maxBytes) tooLarge = true;
      else chunks.push(chunk);
    }
    if (tooLarge || size === 0) return undefined;
    return new File(chunks as unknown as BlobPart[], filename, { type: contentType });
  };
  const form = await unstable_parseMultipartFormData(
    request,
    unstable_composeUploadHandlers(files, unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 })),
  );
  return { form: noteSubmission(request, form), tooLarge };
}

/** The progress document's problem in the portal's own check (type by name), or null. The API checks the bytes. */
export function documentProblem(file: File | null, tooLarge: boolean): string | null {
  if (tooLarge) return PROGRESS_DOCUMENT_SIZE_MESSAGE;
  if (!file) return null;
  if (file.size > PROGRESS_DOCUMENT_MAX_BYTES) return PROGRESS_DOCUMENT_SIZE_MESSAGE;
  const ext = fileTypeFromName(file.name);
  if (!ext || !DOCUMENT_EXTENSIONS.includes(ext)) return PROGRESS_DOCUMENT_TYPE_MESSAGE;
  return null;
}

/** A 422's field errors with nested keys ("to.0") folded onto their field ("to"), plus the message under "_" when there are none. */
export function fieldErrors(error: ApiValidationError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.body.errors ?? {})) {
    const field = key.split(".")[0] || "_";
    out[field] = [...(out[field] ?? []), ...messages.filter((m) => !out[field]?.includes(m))];
  }
  if (Object.keys(out).length === 0 && error.body.message) out._ = [error.body.message];
  return out;
}
