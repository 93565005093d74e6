import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { Suspense } from "react";
import { formatDate } from "#common/format";
import type { Permission } from "#contract/permissions";
import { linkedEventsFor } from "../services/calendar.server";
import { LinkedEvents } from "../components/calendar/linked-events";
import { individualSectionsOnServer } from "../components/clients/individual-sections.server";
import { CallButton } from "../components/calls/call-button";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { island } from "../lib/island";
import { capitalise, wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { requireAccess, started } from "../services/auth.server";
import { SalesSection } from "../components/sales/sales-section";
import { salesSection } from "../services/sales-sections.server";
import {
  addNote,
  attempt,
  clientTasks,
  deleteNote,
  emailIndividual,
  field,
  jobTitleOptions,
  keepClientForm,
  linkChangeFrom,
  linkIndividual,
  listEmails,
  listNotes,
  pageParam,
  refused,
  tabParam,
  updateLink,
} from "../services/clients.server";
import { callLog } from "../services/calls.server";
import { companyOptions, readsCompanies } from "../services/companies.server";
import { getIndividual, updateIndividual } from "../services/individuals.server";
import { redirectWithToast } from "../services/session.server";
import { useFrame } from "./_app";
import { formOf } from "../services/submission.server";
import { dispatchIntent } from "../services/form-action.server";
import { Form } from "../components/form/form";
import { idOf, isIdText } from "../services/ids.server";
import { REFUSED_MESSAGE } from "../access/permissions";
import { IndividualPolicies } from "../components/policies/individual-policies";
import { individualPolicyStats } from "../services/policies.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.individual.full_name ?? "Individual", matches);

const TABS = ["details", "tasks", "notes", "emails", "calls"] as const;
type TabKey = (typeof TABS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request, "/individual/:id");
  const id = idOf(params.id);
  const url = new URL(request.url);
  const has = (...p: Permission[]) => p.some((x) => subject.permissions.includes(x));
  const can = {
    manage: has("individual_manage"),
    link: has("company_manage"),
    readCompanies: readsCompanies(subject.permissions),
    readTasks: has("task_view", "task_manage"),
    addTask: has("task_manage"),
  };
  const tabs = TABS.filter((t) => t !== "tasks" || can.readTasks);
  const tab: TabKey = tabParam(url, tabs);
  const page = pageParam(url);
  const companySearch = (url.searchParams.get("companySearch") ?? "").trim().slice(0, 200);
  const readsPolicies = has("policy_view", "policy_manage");
  const sales = started(salesSection(api, subject, { kind: "individual", id }));
  const individual = await getIndividual(api, id);
  const [policyStats, jobTitles, companyChoices, tasks, notes, emails, calls, events] = await Promise.all([
    tab === "details" && readsPolicies ? individualPolicyStats(api, id).catch(() => null) : null,
    tab === "details" && can.link ? jobTitleOptions(api) : [],
    tab === "details" && can.link ? companyOptions(api, { search: companySearch, perPage: 50 }).then((r) => r.options) : [],
    tab === "tasks" ? clientTasks(api, "source_individual_id", id, page) : null,
    tab === "notes" ? listNotes(api, "individual", id, page) : null,
    tab === "emails" ? listEmails(api, "individual", id, page) : null,
    tab === "calls" ? callLog(api, "individual", Number(id), page) : null,
    linkedEventsFor(api, subject, "individual", individual.id),
  ]);
  const linked = new Set(individual.companies.map((c) => String(c.company_id)));
  return {
    individual,
    events,
    tab,
    tabs,
    page,
    words: wordsFor(edition),
    can,
    jobTitles,
    companyChoices: companyChoices.filter((o) => !linked.has(o.value)),
    companySearch,
    tasks,
    notes,
    emails,
    calls,
    policyStats,
    sales: await sales,
  };
}

/** Every form of the page posts here with its intent; a refusal comes back to the form that sent it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  return keepClientForm(field(form, "intent"), form, () => saveSection(request, params, form));
}

/** The form of the page that `form` is, by its intent: saved, back with a toast; refused, back with what was typed. */
async function saveSection(request: Request, params: ActionFunctionArgs["params"], form: FormData) {
  const { api, edition, subject } = await requireAccess(request, "/individual/:id");
  const id = idOf(params.id);
  const words = wordsFor(edition);
  const intent = field(form, "intent");
  const url = new URL(request.url);
  url.searchParams.delete("companySearch");
  const here = `${url.pathname}${url.search}`;
  // Each form asks its own permission; a form sent without it answers 403 (requirePermission's rule for actions).
  const need = (p: Permission) => {
    if (!subject.permissions.includes(p)) throw new Response(REFUSED_MESSAGE, { status: 403 });
  };
  const intents: Record<string, () => Promise<unknown>> = {
    archive: async () => {
      need("individual_manage");
      const done = await attempt(intent, form, `Failed to ${intent} ${words.individual}.`, () => updateIndividual(api, id, { archived: intent === "archive" }));
      if (!done.ok) return done.response;
      return redirectWithToast(request, here, { kind: "success", message: `${capitalise(words.individual)} ${intent}d.` });
    },
    restore: () => intents.archive(),
    link: async () => {
      need("company_manage");
      const companyId = field(form, "company_id");
      if (!isIdText(companyId)) return refused("link", form, { company_id: [`Choose a ${words.company}.`] }, "Failed to link.");
      const done = await attempt("link", form, "Failed to link.", () => linkIndividual(api, companyId, id, linkChangeFrom(form)));
      if (!done.ok) return done.response;
      return redirectWithToast(request, `/individual/${id}`, { kind: "success", message: `Linked to ${done.value.data.company_name}.` });
    },
    "link-update": async () => {
      need("company_manage");
      const companyId = field(form, "company_id");
      const done = await attempt("link-update", form, "Failed to update the link.", () => updateLink(api, companyId, id, linkChangeFrom(form)));
      if (!done.ok) return done.response;
      return redirectWithToast(request, here, { kind: "success", message: "Link updated." });
    },
    "note-add": async () => {
      need("individual_manage");
      const done = await attempt("note-add", form, "Failed to add the note.", () => addNote(api, "individual", id, field(form, "body")));
      if (!done.ok) return done.response;
      return redirectWithToast(request, `/individual/${id}?tab=notes`, { kind: "success", message: "Note added." });
    },
    "note-delete": async () => {
      const done = await attempt("note-delete", form, "Failed to delete the note.", () => deleteNote(api, field(form, "note_id")));
      if (!done.ok) return done.response;
      return redirectWithToast(request, here, { kind: "success", message: "Note deleted." });
    },
    "email-send": async () => {
      need("individual_manage");
      const done = await attempt("email-send", form, "Failed to send the e-mail.", () => emailIndividual(api, id, field(form, "subject"), field(form, "body")));
      if (!done.ok) return done.response;
      return redirectWithToast(request, `/individual/${id}?tab=emails`, { kind: "success", message: "E-mail sent." });
    },
  };
  // The form of the page that was sent, by its intent (an unknown one answers 400).
  return dispatchIntent(form, intents);
}

// Everything below the header (tabs, details, links and their forms, tasks, notes, e-mails) is an island: the
// server renders it, the browser hydrates it once its chunk has arrived.
const sections = island(() => import("../components/clients/individual-sections"), individualSectionsOnServer);

function Sections() {
  const { IndividualSections } = sections.read();
  return <IndividualSections />;
}

export default function IndividualPage() {
  const { individual: i, tab, words, can, events, policyStats, sales } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const busy = useNavigation().state === "submitting";
  const path = `/individual/${i.id}`;
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={i.full_name}
        backTo="/individuals"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{capitalise(words.individual)}</span>
            {i.archived ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">{`Archived ${i.archived_at ? formatDate(i.archived_at) : ""}`}</span>
            ) : null}
            {i.portal_invited_at ? (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs text-sky-800">{`Invited to the portal ${formatDate(i.portal_invited_at)}`}</span>
            ) : null}
          </span>
        }
        actions={
          <>
            <CallButton entityType="individual" entityId={i.id} name={i.full_name} telephone={i.telephone} from={path} />
            {can.manage ? (
              <>
                <Link to={`${path}/edit${tab === "details" ? "" : `?tab=${tab}`}`} className="btn-primary" preventScrollReset>
                  Edit
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value={i.archived ? "restore" : "archive"} />
                  <button type="submit" className="btn-secondary" disabled={busy}>
                    {i.archived ? "Restore" : "Archive"}
                  </button>
                </Form>
              </>
            ) : null}
          </>
        }
      />
      <LinkedEvents section={events} />
      {policyStats ? <IndividualPolicies stats={policyStats} name={i.full_name} /> : null}
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Sections />
      </Suspense>
      <SalesSection data={sales} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
