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
import {
  addNote,
  attempt,
  clientTasks,
  deleteNote,
  emailCompany,
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
  ticked,
  updateLink,
} from "../services/clients.server";
import { callLog } from "../services/calls.server";
import {
  bankFields,
  getCompany,
  lineSummary,
  PREFERRED_CHANNELS,
  saveBankDetails,
  saveBranding,
  saveBrokerData,
  saveCommunication,
  validateBankDetails,
} from "../services/companies.server";
import { chosenFile, readForm } from "../services/forms.server";
import { individualOptions, readsIndividuals } from "../services/individuals.server";
import { redirectWithToast } from "../services/session.server";
import { useFrame } from "./_app";
import { dispatchIntent } from "../services/form-action.server";
import { idOf, isIdText } from "../services/ids.server";
import { can, REFUSED_MESSAGE } from "../access/permissions";

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

const BRANDING_TOO_LARGE = "The image must be 2 MB or smaller.";

/** Every form of the page posts here with its intent; a refusal comes back to the form that sent it, with what was typed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { form, tooLarge } = await readForm(request);
  return keepClientForm(field(form, "intent"), form, () => saveSection(request, params, form, tooLarge));
}

/** The form of the page that `form` is, by its intent: saved, back with a toast; refused, back with what was typed. */
async function saveSection(request: Request, params: ActionFunctionArgs["params"], form: FormData, tooLarge: boolean) {
  const { api, subject } = await requireAccess(request, "/company/:id");
  const id = idOf(params.id);
  const intent = field(form, "intent");
  const url = new URL(request.url);
  url.searchParams.delete("individualSearch");
  const here = `${url.pathname}${url.search}`;
  const manage = can(subject, "company_manage");
  if (!manage && intent !== "note-delete") throw new Response(REFUSED_MESSAGE, { status: 403 });
  const done = (message: string, to = here) => redirectWithToast(request, to, { kind: "success", message });
  const intents: Record<string, () => Promise<unknown>> = {
    link: async () => {
      const individualId = field(form, "individual_id");
      if (!isIdText(individualId)) return refused("link", form, { individual_id: ["Choose an individual."] }, "Failed to link.");
      const r = await attempt("link", form, "Failed to link.", () => linkIndividual(api, id, individualId, linkChangeFrom(form)));
      return r.ok ? done(`${r.value.data.full_name} linked.`, `/company/${id}`) : r.response;
    },
    "link-update": async () => {
      const r = await attempt("link-update", form, "Failed to update the link.", () => updateLink(api, id, field(form, "individual_id"), linkChangeFrom(form)));
      return r.ok ? done("Link updated.") : r.response;
    },
    bank: async () => {
      const bank = bankFields(form);
      // The validation call first: its messages go under each field and nothing is saved.
      const check = await validateBankDetails(api, bank);
      if (!check.valid) return refused("bank", form, check.errors, "Failed to save the bank details.");
      const r = await attempt("bank", form, "Failed to save the bank details.", () => saveBankDetails(api, id, bank));
      return r.ok ? done("Bank details saved.") : r.response;
    },
    broker: async () => {
      const r = await attempt("broker", form, "Failed to save the broker data.", () => saveBrokerData(api, id, form));
      return r.ok ? done("Broker data saved.") : r.response;
    },
    communication: async () => {
      const r = await attempt("communication", form, "Failed to save the communication details.", () => saveCommunication(api, id, form));
      return r.ok ? done("Communication details saved.") : r.response;
    },
    branding: async () => {
      if (tooLarge) return refused("branding", form, { logo: [BRANDING_TOO_LARGE], icon: [BRANDING_TOO_LARGE] }, "Failed to save the branding.");
      const body = new FormData();
      body.set("company_branding_colour", field(form, "company_branding_colour"));
      if (ticked(form, "remove_logo")) body.set("remove_logo", "1");
      if (ticked(form, "remove_icon")) body.set("remove_icon", "1");
      for (const name of ["logo", "icon"]) {
        const file = chosenFile(form, name);
        if (file) body.set(name, file, file.name);
      }
      const r = await attempt("branding", form, "Failed to save the branding.", () => saveBranding(api, id, body));
      return r.ok ? done("Branding saved.") : r.response;
    },
    "note-add": async () => {
      const r = await attempt("note-add", form, "Failed to add the note.", () => addNote(api, "company", id, field(form, "body")));
      return r.ok ? done("Note added.", `/company/${id}?tab=notes`) : r.response;
    },
    "note-delete": async () => {
      const r = await attempt("note-delete", form, "Failed to delete the note.", () => deleteNote(api, field(form, "note_id")));
      return r.ok ? done("Note deleted.") : r.response;
    },
    "email-send": async () => {
      const r = await attempt("email-send", form, "Failed to send the e-mail.", () =>
        emailCompany(api, id, field(form, "to") || null, field(form, "subject"), field(form, "body")),
      );
      return r.ok ? done(`E-mail sent to ${r.value.data.messages.at(-1)?.to ?? "the company"}.`, `/company/${id}?tab=emails`) : r.response;
    },
  };
  // The form of the page that was sent, by its intent (an unknown one answers 400).
  return dispatchIntent(form, intents);
}

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
