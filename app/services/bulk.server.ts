import { data, redirect } from "@remix-run/node";
import type { Permission } from "#contract/permissions";
import type { RecordNouns } from "../components/confirm-dialog";
import { capitalise, wordsFor, type Words } from "../lib/labels";
import { ApiValidationError } from "./api.server";
import { requirePermission, type SignedIn } from "./auth.server";
import { isIdText } from "./ids.server";
import { redirectWithToast, type Toast } from "./session.server";
import { formOf, paramsOf } from "./submission.server";
import { intentOf } from "./form-action.server";
import { selectedIds } from "./lists.server";

/** Runs one call per item (as the API asks), in small parallel batches; counts what failed. */
export async function forEachItem(ids: string[], call: (id: string) => Promise<unknown>, batch = 4): Promise<{ done: number; failed: number }> {
  let failed = 0;
  for (let i = 0; i < ids.length; i += batch) {
    const results = await Promise.allSettled(ids.slice(i, i + batch).map(call));
    failed += results.filter((r) => r.status === "rejected").length;
  }
  return { done: ids.length - failed, failed };
}

/** The list URL behind a bulk confirmation: the list's own query without the selected ids. */
export function listHrefWithoutIds(url: URL, listPath: string): string {
  const params = new URLSearchParams(url.search);
  params.delete("ids");
  params.delete("index");
  const q = params.toString();
  return `${listPath}${q ? `?${q}` : ""}`;
}

/** The selected ids carried by a confirmation URL or its form, each as the list's ids are written. */
export function idsFrom(params: URLSearchParams, isId: (text: string) => boolean = isIdText, max = 100): string[] {
  return [...new Set(params.getAll("ids").filter(isId))].slice(0, max);
}

// --- The list's bulk form (checked ids, on to the confirmation of the button pressed) ------------------------------

/** A list's bulk form: the list, who may use it, and each button's confirmation route (by the button's intent). */
export interface BulkSelection {
  list: string;
  permission: Permission | readonly Permission[];
  /** intent → the confirmation it opens, and query flags of its own (e.g. `restore=1`). */
  intents: Record<string, { to: string; params?: Record<string, string> }>;
}

/**
 * The one action of a list's bulk form: the manage permission checked (403 when missing), the checked ids read
 * (none: the list says so, 422), then on to the confirmation of the button pressed with the list's URL state and
 * the ids in its address (the confirmation deletes, archives… and comes back to the list with a toast). A form
 * sent without a button (Enter) is the first button's; an unknown intent answers 400.
 */
export async function bulkSelectionAction(request: Request, spec: BulkSelection) {
  await requirePermission(request, spec.permission, { route: spec.list, back: spec.list });
  const form = await formOf(request);
  const ids = selectedIds(form);
  if (ids.length === 0) return data({ bulk: { noSelection: true } }, { status: 422 });
  const intent = intentOf(form) || Object.keys(spec.intents)[0];
  const target = Object.hasOwn(spec.intents, intent) ? spec.intents[intent] : undefined;
  if (!target) throw new Response("This form is not one this page knows.", { status: 400 });
  const params = new URLSearchParams(new URL(request.url).search);
  params.delete("index");
  for (const [name, value] of Object.entries(target.params ?? {})) params.set(name, value);
  for (const id of ids) params.append("ids", id);
  return redirect(`${target.to}?${params}`);
}

// --- Bulk confirmation routes (ids from the URL, confirm, one call, toast, back to the list) ------------------

/** A list's bulk confirmation: the list it returns to, the permission it asks, and query flags of its own. */
export interface BulkConfirmation {
  list: string;
  permission: Permission;
  /** Query parameters of the confirmation itself, left out of the way back (e.g. `restore`). */
  ownParams?: string[];
  /** How the list's ids are written (whole numbers by default; providers' are uuids). */
  isId?: (text: string) => boolean;
}

export interface BulkContext {
  api: SignedIn["api"];
  words: Words;
  ids: string[];
  url: URL;
}

const requireBulkManager = (request: Request, spec: BulkConfirmation) => requirePermission(request, spec.permission, { route: spec.list, back: spec.list });

/** The list behind the confirmation: its query without the ids and the confirmation's own flags. */
export function bulkBack(url: URL, spec: BulkConfirmation): string {
  const u = new URL(url);
  for (const name of spec.ownParams ?? []) u.searchParams.delete(name);
  return listHrefWithoutIds(u, spec.list);
}

/** The confirmation's loader: the selected ids (back to the list when none), the way back, the edition's words. */
export async function bulkConfirmationLoader(request: Request, spec: BulkConfirmation) {
  const { edition } = await requireBulkManager(request, spec);
  const url = new URL(request.url);
  const ids = idsFrom(url.searchParams, spec.isId);
  if (ids.length === 0) throw redirect(bulkBack(url, spec));
  return { ids, back: bulkBack(url, spec), words: wordsFor(edition) };
}

/**
 * The confirmation's action: the ids posted by the form, one call (or one per item, `forEachItem`, whose
 * failures `run` counts as `bulkFailed` for the list's banner), a toast on the list. A refusal (422)
 * or a 404 becomes an error toast (`reason` is the API's message, with a leading space, or ""); with
 * `markFailed` the list keeps the selection. Anything else is thrown on.
 */
export async function bulkConfirmationAction(
  request: Request,
  spec: BulkConfirmation,
  run: (ctx: BulkContext) => Promise<Toast & { bulkFailed?: number }>,
  failure: (ctx: BulkContext & { reason: string }) => { message: string; markFailed?: boolean },
) {
  const { api, edition } = await requireBulkManager(request, spec);
  const words = wordsFor(edition);
  const url = new URL(request.url);
  const ids = idsFrom(await paramsOf(request), spec.isId);
  const back = bulkBack(url, spec);
  if (ids.length === 0) throw redirect(back);
  const ctx = { api, words, ids, url };
  let toast: Toast & { bulkFailed?: number };
  try {
    toast = await run(ctx);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    const reason = error instanceof ApiValidationError ? ` ${error.body.message}` : "";
    const { message, markFailed } = failure({ ...ctx, reason });
    return redirectWithToast(request, back, { kind: "error", message }, markFailed ? { bulkFailed: ids.length } : {});
  }
  const { bulkFailed, ...shown } = toast;
  return redirectWithToast(request, back, shown, bulkFailed ? { bulkFailed } : {});
}

/**
 * The action of a bulk delete's confirmation: one API call for the ids (`remove` answers how many went), then back
 * to the list with "Workflows deleted." — or "Failed to delete workflows." and the list's bulk-error banner.
 */
export const bulkDeleteAction = (
  request: Request,
  spec: BulkConfirmation,
  nouns: RecordNouns | ((words: Words) => RecordNouns),
  remove: (api: SignedIn["api"], ids: string[]) => Promise<number>,
) => {
  const nounsOf = (words: Words) => (typeof nouns === "function" ? nouns(words) : nouns);
  return bulkConfirmationAction(
    request,
    spec,
    async ({ api, ids, words }) => {
      const deleted = await remove(api, ids);
      const { one, many } = nounsOf(words);
      return { kind: "success", message: `${capitalise(deleted > 1 ? many : one)} deleted.` };
    },
    ({ ids, words }) => {
      const { one, many } = nounsOf(words);
      return { message: `Failed to delete ${ids.length > 1 ? many : one}.`, markFailed: true };
    },
  );
};
