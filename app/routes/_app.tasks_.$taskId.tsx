import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import type { Task } from "#contract/tasks";
import { mayOpen } from "#contract/portal-routes";
import { linkedEventsFor } from "../services/calendar.server";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { RecentEmails } from "../components/tasks/recent-emails";
import { TaskCard } from "../components/tasks/task-card";
import { TaskActions, TaskSummary } from "../components/tasks/task-summary";
import { sectionsOnServer } from "../components/tasks/task-detail-sections.server";
import { wordsFor } from "../lib/labels";
import { activityFieldLabels, taskTermsFor } from "../lib/task-terms";
import { pageTitle } from "../lib/variant";
import { island } from "../lib/island";
import type { Api } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { CallsPanel, LinkedEvents, SalesSection } from "../components/tasks/task-page-islands";
import { salesSection } from "../services/sales-sections.server";
import { taskSectionsAction } from "../services/task-sections.server";
import {
  confidenceOptions,
  pageParam,
  paymentFrequencyOptions,
  productTypeOptions,
  PROGRESS_DOCUMENT_ACCEPT,
  RECENT_EMAILS,
  TASK_PATTERN,
  taskActivity,
  taskEmails,
  taskIdOf,
  taskNotes,
} from "../services/task-detail.server";
import { callLog } from "../services/calls.server";
import { activePipelines, getPipeline, getTask, type ActivePipeline } from "../services/tasks.server";
import { useFrame } from "./_app";
import { can } from "../access/permissions";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.task.name ?? data?.words.Task ?? "Task", matches);

/** The active pipelines, plus the task's own when it is archived (so its current stage can be shown and kept). */
async function pipelinesFor(api: Api, task: Task, canManage: boolean): Promise<ActivePipeline[]> {
  const active = await activePipelines(api);
  if (active.some((p) => p.id === task.pipeline_id) || !canManage) return active;
  const own = await getPipeline(api, String(task.pipeline_id)).catch(() => null);
  if (!own) return active;
  return [...active, { id: own.id, name: `${own.name} (archived)`, stages: [...own.stages].sort((a, b) => a.order - b.order) }];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request, TASK_PATTERN);
  const id = taskIdOf(params);
  const url = new URL(request.url);
  const canManage = can(subject, "task_manage");
  const activityPage = pageParam(url, "activityPage");
  const notesPage = pageParam(url, "notesPage");
  const task = await getTask(api, id);
  const [pipelines, confidence, frequencies, productTypes, notes, activity, emails, calls, sales, events] = await Promise.all([
    canManage ? pipelinesFor(api, task, canManage) : Promise.resolve([]),
    confidenceOptions(api),
    paymentFrequencyOptions(api),
    canManage ? productTypeOptions(api) : Promise.resolve([]),
    taskNotes(api, id, notesPage),
    taskActivity(api, id, activityPage),
    taskEmails(api, id, 1, RECENT_EMAILS),
    callLog(api, "task", Number(id), 1, 5),
    salesSection(api, subject, { kind: "task", id }),
    linkedEventsFor(api, subject, "task", task.id),
  ]);
  return {
    task,
    events,
    pipelines: pipelines.map((p) => ({ id: p.id, name: p.name, stages: p.stages.map((s) => ({ id: s.id, name: s.name })) })),
    confidence,
    frequencies,
    productTypes,
    notes: { data: notes.data, page: notes.meta.current_page, lastPage: notes.meta.last_page },
    activity: { data: activity.data, page: activity.meta.current_page, lastPage: activity.meta.last_page },
    emails: { data: emails.data.map((e) => ({ id: e.id, to: e.to, subject: e.subject, sent_at: e.sent_at })), total: emails.meta.total },
    calls: { data: calls.data, total: calls.meta.total },
    words: wordsFor(edition),
    terms: taskTermsFor(edition),
    activityLabels: activityFieldLabels(edition),
    clientLinks: { individual: mayOpen("/individual/:id", subject), company: mayOpen("/company/:id", subject) },
    canManage,
    accept: PROGRESS_DOCUMENT_ACCEPT,
    sales,
  };
}

/** Every form of the page (progress, confidence, revenue, a product, a note, the KYB flag) posts here with its intent. */
export const action = ({ request, params }: ActionFunctionArgs) => taskSectionsAction(request, params);

// The sections of the page (the forms, products, notes and activity, with their form kit) are an island: the
// server renders them, the browser hydrates them once their chunk has arrived.
const sections = island(() => import("../components/tasks/task-detail-sections"), sectionsOnServer);

type TaskPageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** A part of the page drawn from the island: the server's HTML until the island's chunk has arrived. */
function IslandPart({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>{children}</Suspense>;
}

/**
 * The details column: what the task is about (its description and what else is recorded about it), its progress,
 * confidence, revenue and products: each field once.
 */
function DetailSections({ task, pipelines, confidence, frequencies, productTypes, words, terms, canManage, accept }: TaskPageData) {
  const { Section, ProgressForm, ConfidenceForm, RevenueForm, ProductsSection, DatapointsList } = sections.read();
  const description = task.description ? (
    <Section id="description" title="Description" icon="file-text">
      <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{task.description}</p>
    </Section>
  ) : null;
  const details = Object.keys(task.datapoints ?? {}).length ? (
    <Section id="details" title="Details" icon="list-checks" info={`What else is recorded about the ${words.task}.`}>
      <DatapointsList datapoints={task.datapoints} />
    </Section>
  ) : null;
  return (
    <>
      {/* What the task is about, read only: side by side on a wide screen when it has both. */}
      {description && details ? (
        <div className="grid items-start gap-4 xl:grid-cols-2">
          {description}
          {details}
        </div>
      ) : (
        (description ?? details)
      )}
      {canManage ? (
        <Section
          id="progress"
          title="Update progress"
          icon="route"
          info={`Move the ${words.task} to another stage of its pipeline or to another pipeline; a progress note is kept.`}
        >
          <ProgressForm task={task} pipelines={pipelines} accept={accept} words={words} />
        </Section>
      ) : null}
      <Section id="confidence" title="Confidence" icon="gauge">
        <ConfidenceForm task={task} options={confidence} canManage={canManage} />
      </Section>
      <Section id="revenue" title="Revenue" icon="wallet">
        <RevenueForm task={task} frequencies={frequencies} canManage={canManage} />
      </Section>
      <Section id="products" title="Products" icon="package">
        <ProductsSection task={task} products={task.products ?? []} productTypes={productTypes} canManage={canManage} terms={terms} />
      </Section>
    </>
  );
}

function NotesPart({ notes, canManage, hrefWith }: TaskPageData & { hrefWith: HrefWith }) {
  const { Section, NotesSection } = sections.read();
  return (
    <Section id="notes" title="Notes" icon="files" info="Progress notes and notes added here, newest first.">
      <NotesSection notes={notes.data} page={notes.page} lastPage={notes.lastPage} hrefFor={hrefWith("notesPage")} canManage={canManage} />
    </Section>
  );
}

function ActivityPart({ activity, frequencies, confidence, words, terms, activityLabels, hrefWith }: TaskPageData & { hrefWith: HrefWith }) {
  const { Section, ActivitySection } = sections.read();
  const lookups = {
    payment_frequency_id: Object.fromEntries(frequencies.map((f) => [f.value, f.label])),
    ...Object.fromEntries(
      Object.entries(confidence).map(([field, options]) => [field, Object.fromEntries(options.map((o) => [o.value, o.label.replace(/ \(\d+\)$/, "")]))]),
    ),
  };
  return (
    <Section id="activity" title="Activity" icon="clock">
      <ActivitySection
        entries={activity.data}
        page={activity.page}
        lastPage={activity.lastPage}
        hrefFor={hrefWith("activityPage")}
        words={words}
        kyb={terms.kyb}
        labels={activityLabels}
        lookups={lookups}
      />
    </Section>
  );
}

type HrefWith = (name: string) => (page: number) => string;

export default function TaskPage() {
  const data = useLoaderData<typeof loader>();
  const { task, words, terms, canManage } = data;
  const frame = useFrame();
  const { search } = useLocation();
  const hrefWith: HrefWith = (name) => (page) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set(name, String(page));
    else params.delete(name);
    const q = params.toString();
    return `/tasks/${task.id}${q ? `?${q}` : ""}`;
  };
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={task.name}
        backTo="/tasks"
        info={`One ${words.task}: move it through its pipeline, record its confidence, revenue and products, and keep notes and e-mails with it.`}
        actions={<TaskActions task={task} canManage={canManage} search={search} />}
      />
      <TaskSummary task={task} words={words} terms={terms} canManage={canManage} clientLinks={data.clientLinks} />

      {/* Two columns from 1024 px: the details on the left; on the right what happened and happens with the task
          (notes, e-mails, calls, events, quotes and invoices, activity), a column that scrolls on its own beside
          them. One column on a phone, the details first. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] xl:grid-cols-[minmax(0,1fr)_25rem] xl:gap-6">
        <div className="min-w-0 space-y-4" data-task-details>
          <IslandPart>
            <DetailSections {...data} />
          </IslandPart>
        </div>
        <div
          role="region"
          aria-label={`${words.Task} history`}
          className="min-w-0 space-y-4 lg:sticky lg:top-4 lg:-m-1 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:overscroll-contain lg:p-1"
          data-task-history
        >
          <IslandPart>
            <NotesPart {...data} hrefWith={hrefWith} />
          </IslandPart>
          <TaskCard id="emails" title="E-mails" icon="mail">
            <RecentEmails emails={data.emails.data} total={data.emails.total} drawerHref={`/tasks/${task.id}/emails${search}`} canSend={canManage} />
          </TaskCard>
          <TaskCard
            id="task-calls"
            title={
              <>
                Calls{" "}
                {data.calls.total > data.calls.data.length ? (
                  <span className="text-sm font-normal text-slate-500">(latest 5 of {data.calls.total})</span>
                ) : null}
              </>
            }
            icon="phone"
          >
            <CallsPanel compact calls={data.calls.data} emptyText={`No calls about this ${words.task} yet.`} />
          </TaskCard>
          {data.events ? (
            <div className="[&>section]:mb-0">
              <LinkedEvents section={data.events} />
            </div>
          ) : null}
          {data.sales?.quotes || data.sales?.invoices ? (
            <div className="[&>section]:mt-0">
              <SalesSection data={data.sales} />
            </div>
          ) : null}
          <IslandPart>
            <ActivityPart {...data} hrefWith={hrefWith} />
          </IslandPart>
        </div>
      </div>
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
