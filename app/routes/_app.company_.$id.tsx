import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import type { Permission } from "#contract/permissions";
import { LinkedEvents } from "../components/calendar/linked-events";
import { linkedEventsFor } from "../services/calendar.server";
import { companySectionsOnServer } from "../components/clients/company-sections.server";
import { CallButton } from "../components/calls/call-button";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { island } from "../lib/island";
import { capitalise, wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { SalesSection } from "../components/sales/sales-section";
import { salesSection } from "../services/sales-sections.server";
import { clientTasks, jobTitleOptions, listEmails, listNotes, pageParam, tabParam } from "../services/clients.server";
import { companyPageAction } from "../services/client-actions.server";
import { callLog } from "../services/calls.server";
import { getCompany, lineSummary, PREFERRED_CHANNELS } from "../services/companies.server";
import { individualOptions, readsIndividuals } from "../services/individuals.server";
import { useFrame } from "./_app";
import { idOf } from "../services/ids.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.company.name ?? "Company", matches);

const TABS = ["details", "bank", "branding", "lines", "tasks", "notes", "emails", "calls"] as const;
type TabKey = (typeof TABS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request, "/company/:id");
  const id = idOf(params.id);
  const url = new URL(request.url);
  const has = (...p: Permission[]) => p.some((x) => subject.permissions.includes(x));
  const can = {
    manage: has("company_manage"),
    readIndividuals: readsIndividuals(subject.permissions),
    readTasks: has("task_view", "task_manage"),
    addTask: has("task_manage"),
    compliance: has("company_view", "company_manage", "compliance_verification_manage"),
  };
  const tabs = TABS.filter((t) => t !== "tasks" || can.readTasks);
  const tab: TabKey = tabParam(url, tabs);
  const page = pageParam(url);
  const individualSearch = (url.searchParams.get("individualSearch") ?? "").trim().slice(0, 200);
  const linking = tab === "details" && can.manage && can.readIndividuals;
  const [company, jobTitles, individualChoices, lines, tasks, notes, emails, calls, sales] = await Promise.all([
    getCompany(api, id),
    tab === "details" && can.manage ? jobTitleOptions(api) : [],
    linking ? individualOptions(api, { search: individualSearch, perPage: 50, notLinkedTo: id }).then((r) => r.options) : [],
    tab === "lines" ? lineSummary(api, id) : null,
    tab === "tasks" ? clientTasks(api, "company_id", id, page) : null,
    tab === "notes" ? listNotes(api, "company", id, page) : null,
    tab === "emails" ? listEmails(api, "company", id, page) : null,
    tab === "calls" ? callLog(api, "company", Number(id), page) : null,
    salesSection(api, subject, { kind: "company", id }),
  ]);
  const events = await linkedEventsFor(api, subject, "company", company.id);
  return {
    company,
    events,
    tab,
    tabs,
    page,
    words: wordsFor(edition),
    can: { ...can, link: linking },
    channels: PREFERRED_CHANNELS as readonly string[],
    jobTitles,
    individualChoices,
    individualSearch,
    lines,
    tasks,
    notes,
    emails,
    calls,
    sales,
  };
}

/** Every form of the page posts here with its intent; a refusal comes back to the form that sent it, with what was typed. */
export const action = ({ request, params }: ActionFunctionArgs) => companyPageAction(request, params);

// Everything below the header (tabs, details, links, bank and broker data, branding, lines, tasks, notes, e-mails,
// with their forms) is an island: the server renders it, the browser hydrates it once its chunk has arrived.
const sections = island(() => import("../components/clients/company-sections"), companySectionsOnServer);

function Sections() {
  const { CompanySections } = sections.read();
  return <CompanySections />;
}

export default function CompanyPage() {
  const { company: c, tab, words, can, events, sales } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const path = `/company/${c.id}`;
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={c.name}
        backTo="/companies"
        description={
          <span className="flex flex-wrap items-center gap-2">
            {c.company_branding_colour ? (
              <span aria-hidden="true" className="h-3 w-3 rounded-full ring-1 ring-slate-300" style={{ backgroundColor: c.company_branding_colour }} />
            ) : null}
            <span>{[capitalise(words.company), c.type?.name, c.employee_size ? `${c.employee_size.name} employees` : null].filter(Boolean).join(" · ")}</span>
          </span>
        }
        actions={
          <>
            <CallButton entityType="company" entityId={c.id} name={c.name} telephone={c.telephone} from={path} />
            {can.compliance ? (
              <Link to={`${path}/compliance-information`} className="btn-secondary">
                Compliance information
              </Link>
            ) : null}
            {can.manage ? (
              <Link to={`${path}/edit${tab === "details" ? "" : `?tab=${tab}`}`} className="btn-primary" preventScrollReset>
                Edit
              </Link>
            ) : null}
          </>
        }
      />
      <LinkedEvents section={events} />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Sections />
      </Suspense>
      <SalesSection data={sales} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
