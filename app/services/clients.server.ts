/**
 * What the individual and company screens share: the lookups of their forms, the company ↔ individual
 * links, notes, e-mails, the client's tasks, and the top line of a refused form (the page's actions are
 * app/services/client-actions.server.ts).
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import {
  companyCreateBodySchema,
  companyUpdateBodySchema,
  individualCreateBodySchema,
  individualUpdateBodySchema,
  companyLinkResponseSchema,
  emailMessageListSchema,
  emailThreadResponseSchema,
  noteListSchema,
  noteSchema,
  type NotableType,
} from "#contract/clients";
import { companyTypeListSchema, lookupListSchema, tradeIndustrySchema } from "#contract/lookups";
import { taskListSchema } from "#contract/tasks";
import { submitForm } from "./form-action.server";
import type { DropdownOption } from "../lib/filter-rules";
import { companyBody, field, individualBody, ticked } from "../lib/client-forms";
import { capitalise, wordsFor } from "../lib/labels";
import type { Variant } from "../lib/variant";
import { ApiValidationError, type Api } from "./api.server";
import { requirePermission } from "./auth.server";
import type { ChoiceFinder } from "./choice-find.server";
import { colleagueFinder } from "./teams.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";
import { idOf } from "./ids.server";

// --- Refused forms -------------------------------------------------------------------------------------

/** A client form's top line on a refusal: its own, with the API's reason when no field explains it. */
export const failureLine =
  (line: string) =>
  (_guarded: unknown, refused?: ApiValidationError): string =>
    refused && !Object.keys(refused.body.errors ?? {}).length ? `${line} ${refused.body.message}`.trim() : line;

/** The API's rules of each client drawer's body (as app/lib/client-forms.ts builds it from the form). */
const DRAWERS = {
  individual: {
    create: { schema: individualCreateBodySchema, body: (form: FormData) => individualBody(form, "create") },
    edit: { schema: individualUpdateBodySchema, body: (form: FormData) => individualBody(form, "edit") },
  },
  company: {
    create: { schema: companyCreateBodySchema, body: (form: FormData) => companyBody(form, "create") },
    edit: { schema: companyUpdateBodySchema, body: (form: FormData) => companyBody(form, "edit") },
  },
} as const;

/**
 * The action of an individual's or a company's create or edit drawer, by the form protocol (submitForm): the
 * guard, the names typed beside its dropdowns (who looks after the client, and `finders`), the body built from
 * the form checked with the API's own schema, then saved. Saved, it goes to `to` with "<Record> created." /
 * "<Record> updated."; refused, the form comes back with the messages under its fields ("Failed to create
 * <record>.", with the API's reason when no field explains it); with the API silent, as typed.
 */
export async function saveClientDrawer<T>(
  request: Request,
  kind: "individual" | "company",
  intent: "create" | "edit",
  steps: {
    guard: () => Promise<{ api: Api; edition: Variant; subject: { permissions: readonly string[] } }>;
    save: (api: Api, body: Record<string, unknown>) => Promise<T>;
    to: (saved: T) => string;
    /** The searches behind the form's find fields (a name typed beside a dropdown, without JavaScript) besides who looks after the client. */
    finders?: (api: Api) => Record<string, ChoiceFinder>;
  },
) {
  const { schema, body } = DRAWERS[kind][intent];
  const record = (edition: Variant) => wordsFor(edition)[kind];
  const [verb, done] = intent === "create" ? ["create", "created"] : ["update", "updated"];
  return submitForm(request, {
    intent,
    form: await formOf(request),
    guard: steps.guard,
    finders: ({ api, subject }) => ({ owner_user_id: colleagueFinder(api, subject.permissions), ...steps.finders?.(api) }),
    schema: schema as z.ZodType<Record<string, unknown>>,
    body,
    failure: ({ edition }, refused) => failureLine(`Failed to ${verb} ${record(edition)}.`)(null, refused),
    send: (value, { api }) => steps.save(api, value),
    success: (saved, { edition }) => ({ to: steps.to(saved), message: `${capitalise(record(edition))} ${done}.` }),
  });
}

// --- Lookups -----------------------------------------------------------------------------------------------

const FULL = { "page[size]": 999 };
const toOptions = (rows: { id: number; name: string }[]): DropdownOption[] => rows.map((r) => ({ value: String(r.id), label: r.name }));

export const companyTypeOptions = async (api: Api) => toOptions((await api.get("/type", { query: FULL, schema: companyTypeListSchema })).data);
export const employeeSizeOptions = async (api: Api) => toOptions((await api.get("/employee-size", { query: FULL, schema: lookupListSchema })).data);
export const jobTitleOptions = async (api: Api) => toOptions((await api.get("/job-title", { query: FULL, schema: lookupListSchema })).data);

/** Industries, each with its trades (the trade select is grouped by industry). */
export async function industriesWithTrades(api: Api) {
  const { data: rows } = await api.get("/trade-industry", { schema: tradeIndustrySchema });
  return rows.map((i) => ({ value: String(i.id), label: i.name, trades: toOptions(i.trades) }));
}
export type IndustryOption = Awaited<ReturnType<typeof industriesWithTrades>>[number];

// --- Links between companies and individuals ------------------------------------------------------------------

export interface LinkChange {
  is_primary: boolean;
  job_title_id: string | null;
}

export const linkIndividual = (api: Api, companyId: string | number, individualId: string | number, change: LinkChange) =>
  api.post(`/companies/${encodeURIComponent(companyId)}/individuals`, {
    body: { individual_id: String(individualId), is_primary: change.is_primary, job_title_id: change.job_title_id },
    schema: companyLinkResponseSchema,
  });

export const updateLink = (api: Api, companyId: string | number, individualId: string | number, change: LinkChange) =>
  api.put(`/companies/${encodeURIComponent(companyId)}/individuals/${encodeURIComponent(individualId)}`, {
    body: { is_primary: change.is_primary, job_title_id: change.job_title_id },
    schema: companyLinkResponseSchema,
  });

export const unlinkIndividual = (api: Api, companyId: string | number, individualId: string | number) =>
  api.delete(`/companies/${encodeURIComponent(companyId)}/individuals/${encodeURIComponent(individualId)}`);

/** The link form's fields: is_primary (checkbox) and job_title_id (select, "" for none). */
export function linkChangeFrom(form: FormData): LinkChange {
  return { is_primary: ticked(form, "is_primary"), job_title_id: field(form, "job_title_id") || null };
}

/**
 * The unlink confirmation, opened from a company (/company/{id}/unlink/{individualId}) or from an
 * individual (/individual/{id}/unlink/{companyId}); either way it returns to the page it came from.
 */
export type UnlinkFrom = "company" | "individual";
type UnlinkParams = { id?: string; individualId?: string; companyId?: string };

const otherParam = (from: UnlinkFrom) => (from === "company" ? "individualId" : "companyId");

async function requireLinkManager(request: Request, from: UnlinkFrom, params: UnlinkParams) {
  const signedIn = await requirePermission(request, "company_manage", { route: `/${from}/:id`, back: `/${from}/${params.id}` });
  idOf(params.id);
  idOf(params[otherParam(from)]);
  return signedIn;
}

export interface UnlinkShown {
  name: string;
  company: string;
  primary: boolean;
}

/** The loader: who and what is unlinked (`find` reads it from the page's own record; back to the page when not linked). */
export async function unlinkLoader(
  request: Request,
  from: UnlinkFrom,
  params: UnlinkParams,
  find: (api: Api, id: string, otherId: string) => Promise<UnlinkShown | undefined>,
) {
  const { api } = await requireLinkManager(request, from, params);
  const shown = await find(api, params.id!, params[otherParam(from)]!);
  if (!shown) throw redirect(`/${from}/${params.id}`);
  return { ...shown, back: `/${from}/${params.id}` };
}

/** The action: removes the link, with a toast on the page it came from. */
export async function unlinkAction(request: Request, from: UnlinkFrom, params: UnlinkParams) {
  const { api } = await requireLinkManager(request, from, params);
  const back = `/${from}/${params.id}`;
  const [companyId, individualId] = from === "company" ? [params.id!, params.individualId!] : [params.companyId!, params.id!];
  try {
    await unlinkIndividual(api, companyId, individualId);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to unlink." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Unlinked." });
}

// --- Notes -----------------------------------------------------------------------------------------------------

export const NOTES_PAGE_SIZE = 20;

export const listNotes = (api: Api, type: NotableType, id: string | number, page = 1) =>
  api.get("/note", {
    query: { "filter[notable_type]": type, "filter[notable_id]": String(id), "page[number]": page, "page[size]": NOTES_PAGE_SIZE },
    schema: noteListSchema,
  });

export const addNote = (api: Api, type: NotableType, id: string | number, body: string) =>
  api.post("/note", { body: { notable_type: type, notable_id: String(id), body }, schema: z.object({ data: noteSchema }) });

export const deleteNote = (api: Api, noteId: string) => api.delete(`/note/${encodeURIComponent(noteId)}`);

// --- E-mails -----------------------------------------------------------------------------------------------

export const EMAILS_PAGE_SIZE = 10;

/** The e-mails sent about an individual or a company, newest first. */
export const listEmails = (api: Api, type: "individual" | "company", id: string | number, page = 1) =>
  api.get(`/${type}/${encodeURIComponent(id)}/email`, { query: { "page[number]": page, "page[size]": EMAILS_PAGE_SIZE }, schema: emailMessageListSchema });

export const emailIndividual = (api: Api, id: string | number, subject: string, body: string) =>
  api.post("/individual/email", { body: { individual_id: String(id), subject, body }, schema: emailThreadResponseSchema });

export const emailCompany = (api: Api, id: string | number, to: string | null, subject: string, body: string) =>
  api.post("/company/email", { body: { company_id: String(id), to, subject, body }, schema: emailThreadResponseSchema });

// --- Tasks of a client -------------------------------------------------------------------------------------

export const CLIENT_TASKS_PAGE_SIZE = 10;

/** The tasks (opportunities) of an individual (filter[source_individual_id]) or a company (filter[company_id]), newest first. */
export const clientTasks = (api: Api, filter: "source_individual_id" | "company_id", id: string | number, page = 1) =>
  api.get("/task", {
    query: {
      [`filter[${filter}]`]: String(id),
      include: "pipeline,pipelineStage,teamMember",
      "page[number]": page,
      "page[size]": CLIENT_TASKS_PAGE_SIZE,
      sort: "-created_at",
    },
    schema: taskListSchema,
  });

// --- Pages of a detail page -------------------------------------------------------------------------------------

/** A positive page number from `?page=` (1 when missing or wrong). */
export function pageParam(url: URL, name = "page"): number {
  const n = Number.parseInt(url.searchParams.get(name) ?? "1", 10);
  return Number.isFinite(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** One of the page's tabs from `?tab=` (the first when missing or unknown). */
export function tabParam<T extends string>(url: URL, tabs: readonly T[]): T {
  const t = url.searchParams.get("tab");
  return (tabs as readonly string[]).includes(t ?? "") ? (t as T) : tabs[0]!;
}

export { field, ticked } from "../lib/client-forms";
