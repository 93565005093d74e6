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
import { clientTasks, jobTitleOptions, listEmails, listNotes, pageParam, tabParam } from "../services/clients.server";
import { individualPageAction } from "../services/client-actions.server";
import { callLog } from "../services/calls.server";
import { companyOptions, readsCompanies } from "../services/companies.server";
import { getIndividual } from "../services/individuals.server";
import { useFrame } from "./_app";
import { Form } from "../components/form/form";
import { idOf } from "../services/ids.server";
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

/** Every form of the page posts here with its intent; a refusal comes back to the form that sent it, with what was typed. */
export const action = ({ request, params }: ActionFunctionArgs) => individualPageAction(request, params);

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
