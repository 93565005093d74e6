import { taskListSchema } from "#contract/tasks";
import type { AccessSubject } from "#contract/portal-routes";
import { NO_CHOICES, type ChoiceFinder } from "../lib/choice-find";
import type { DropdownOption } from "../lib/filter-rules";
import { can } from "../access/permissions";
import { SAVE_INTENT } from "../components/form/form-answer";
import { SALES_KINDS, type SalesKind } from "../components/sales/kinds";
import { poundsTextToPence } from "../components/sales/totals";
import { ApiValidationError, type Api } from "./api.server";
import { requirePermission } from "./auth.server";
import { applyChoiceFinds } from "./choice-find.server";
import { keepOnOutage, refuseForm } from "./form-action.server";
import { createDocument } from "./sales-documents.server";
import { redirectWithToast } from "./session.server";
import { getTask } from "./tasks.server";
import { formOf } from "./submission.server";
import { companyChoices, companyFinder, companyOption, getCompany, readsCompanies } from "./companies.server";
import { isIdText } from "./ids.server";
import { getIndividual, individualChoices, individualFinder, individualOption, readsIndividuals } from "./individuals.server";

/** The most item lines a document's form carries (the API's limit). */
export const MAX_FORM_LINES = 200;
/** The hidden field that says how many item lines the form carries. */
export const LINES_FIELD = "lines";
export const ITEM_FIELDS = ["description", "quantity", "unit_price", "vat_rate", "account_code", "product_id"] as const;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** Whom a document is for and its task: the first choices of each list, and the ones it starts with. */
export async function documentChoices(api: Api, subject: AccessSubject, preset: { individual?: string | null; company?: string | null; task?: string | null }) {
  const seesIndividuals = readsIndividuals(subject.permissions);
  const seesCompanies = readsCompanies(subject.permissions);
  const seesTasks = can(subject, "task_view", "task_manage");
  // Opened from a task's page: the task, and its client when none is given.
  const task = seesTasks && isIdText(preset.task) ? await getTask(api, preset.task).catch(() => null) : null;
  const individualId = preset.individual ?? (preset.company ? null : task?.source_individual_id ? String(task.source_individual_id) : null);
  const companyId = preset.company ?? (preset.individual || individualId ? null : task?.company_id ? String(task.company_id) : null);
  const [individuals, companies, individual, company, tasks] = await Promise.all([
    seesIndividuals ? individualChoices(api) : NO_CHOICES,
    seesCompanies ? companyChoices(api) : NO_CHOICES,
    seesIndividuals && isIdText(individualId) ? getIndividual(api, individualId).then(individualOption, () => null) : null,
    seesCompanies && isIdText(companyId) ? getCompany(api, companyId).then(companyOption, () => null) : null,
    seesTasks ? taskOptions(api) : [],
  ]);
  const taskChoice = task ? { value: String(task.id), label: task.name } : null;
  return {
    individuals,
    companies,
    tasks: taskChoice && !tasks.some((t) => t.value === taskChoice.value) ? [taskChoice, ...tasks] : tasks,
    preset: { individual, company, task: taskChoice },
  };
}
export type DocumentChoices = Awaited<ReturnType<typeof documentChoices>>;

/** The company's tasks as options (the 100 most recent), for the document's optional task. */
async function taskOptions(api: Api): Promise<DropdownOption[]> {
  const res = await api.get("/task", { query: { "page[size]": 100, sort: "-created_at" }, schema: taskListSchema }).catch(() => null);
  return res ? res.data.map((t) => ({ value: String(t.id), label: t.name })) : [];
}
/** The searches behind the client fields' find fields (no JavaScript). */
export function documentFinders(api: Api, subject: AccessSubject): Record<string, ChoiceFinder> {
  return {
    ...(readsIndividuals(subject.permissions) ? { individual_id: individualFinder(api) } : {}),
    ...(readsCompanies(subject.permissions) ? { company_id: companyFinder(api) } : {}),
  };
}

/** One item line of the form, as typed. */
export type LineValues = Record<(typeof ITEM_FIELDS)[number], string>;

/** A line left wholly empty (an added line not filled in): not sent. */
export const isEmptyLine = (l: LineValues) => !l.description && !l.quantity && !l.unit_price && !l.account_code && !l.product_id;

/** The item lines the form carries (`items.{i}.{field}`, `lines` of them), as typed. */
export function linesOf(form: FormData): LineValues[] {
  const count = Math.min(MAX_FORM_LINES, Math.max(0, Number.parseInt(text(form, LINES_FIELD), 10) || 0));
  return Array.from({ length: count }, (_, i) => Object.fromEntries(ITEM_FIELDS.map((f) => [f, text(form, `items.${i}.${f}`)])) as LineValues);
}

/** The item lines as the API takes them (unit price in pence). */
export const itemsBody = (lines: LineValues[]) =>
  lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unit_price_pence: poundsTextToPence(l.unit_price) ?? l.unit_price,
    vat_rate: l.vat_rate || "20",
    account_code: l.account_code || null,
    ...(l.product_id ? { product_id: l.product_id } : {}),
  }));

/** The document's details as the API takes them: an emptied field is sent as null (cleared). */
export function detailsBody(form: FormData, fields: readonly string[]) {
  const body: Record<string, string | null> = {};
  for (const name of fields) {
    if (!form.has(name)) continue;
    const v = text(form, name);
    body[name] = v === "" ? null : v;
  }
  return body;
}

/**
 * The API's field errors as the form names them: an item's `items.{i}.unit_price_pence` is the line's price field,
 * and the index is the line's place among those sent (empty lines are not sent), mapped back to the form's line.
 */
export function formErrors(errors: Record<string, string[]>, sentLines: number[] = []): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^items\.(\d+)\.(.+)$/.exec(key);
    if (m) {
      const line = sentLines[Number(m[1])] ?? Number(m[1]);
      const field = m[2] === "unit_price_pence" ? "unit_price" : m[2];
      out[`items.${line}.${field}`] = messages;
    } else out[key === "_" ? "" : key] = messages;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ the New drawer

const DETAIL_FIELDS = ["individual_id", "company_id", "task_id", "issue_date", "due_date", "reference"] as const;

/** The New drawer's loader: the manage permission, the choices, and the client or task it was opened for. */
export async function newDocumentLoader(request: Request, kind: SalesKind) {
  const k = SALES_KINDS[kind];
  const url = new URL(request.url);
  const back = `${k.portal}${listSearch(url)}`;
  const { api, subject } = await requirePermission(request, k.manage, { route: k.portal, back });
  const preset = { individual: url.searchParams.get("individual"), company: url.searchParams.get("company"), task: url.searchParams.get("task") };
  const choices = await documentChoices(api, subject, preset);
  // Opened from a client's or a task's page: Cancel goes back there.
  const from = url.searchParams.get("from");
  return {
    kind,
    choices,
    cancelTo: from && /^\/(individual|company|tasks)\/\d+$/.test(from) ? from : back,
    canReadIndividuals: readsIndividuals(subject.permissions),
    canReadCompanies: readsCompanies(subject.permissions),
  };
}

/** The list's own query, without the drawer's parameters. */
function listSearch(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const name of ["individual", "company", "task", "from"]) params.delete(name);
  const q = params.toString();
  return q ? `?${q}` : "";
}

/** The New drawer's action: the document made with its client and details, then its page (to add its items). */
export async function newDocumentAction(request: Request, kind: SalesKind) {
  const k = SALES_KINDS[kind];
  const form = await formOf(request);
  return keepOnOutage(SAVE_INTENT, form, async () => {
    const { api, subject } = await requirePermission(request, k.manage, { route: k.portal, back: k.portal });
    const found = await applyChoiceFinds(form, documentFinders(api, subject));
    const failure = `Failed to create ${k.noun}.`;
    if (Object.keys(found.errors).length) return refuseForm(SAVE_INTENT, form, { fieldErrors: found.errors, formErrors: [failure] }, { found });
    let made;
    try {
      made = await createDocument(api, kind, detailsBody(form, DETAIL_FIELDS));
    } catch (error) {
      if (!(error instanceof ApiValidationError)) throw error;
      return refuseForm(SAVE_INTENT, form, { fieldErrors: formErrors(error.body.errors ?? {}), formErrors: [failure] }, { found });
    }
    return redirectWithToast(request, `${k.portal}/${made.id}`, { kind: "success", message: `${k.Noun} created. Add its items.` });
  });
}
