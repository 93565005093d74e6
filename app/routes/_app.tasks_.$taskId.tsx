import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import type { Task } from "#contract/tasks";
import { formatDate, formatMoney } from "#common/format";
import { CallButton } from "../components/calls/call-button";
import { linkedEventsFor } from "../services/calendar.server";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { CloseDate } from "../components/tasks/close-date";
import { StageChip } from "../components/tasks/stage-chip";
import { useLastResult } from "../components/form/form-answer";
import { sectionsOnServer } from "../components/tasks/task-detail-sections.server";
import { wordsFor } from "../lib/labels";
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
  TASK_PATTERN,
  taskActivity,
  taskIdOf,
  taskNotes,
} from "../services/task-detail.server";
import { callLog } from "../services/calls.server";
import { activePipelines, getPipeline, getTask, type ActivePipeline } from "../services/tasks.server";
import { useFrame } from "./_app";
import { Form } from "../components/form/form";
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
  const [pipelines, confidence, frequencies, productTypes, notes, activity, calls, sales, events] = await Promise.all([
    canManage ? pipelinesFor(api, task, canManage) : Promise.resolve([]),
    confidenceOptions(api),
    paymentFrequencyOptions(api),
    canManage ? productTypeOptions(api) : Promise.resolve([]),
    taskNotes(api, id, notesPage),
    taskActivity(api, id, activityPage),
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
    calls: { data: calls.data, total: calls.meta.total },
    words: wordsFor(edition),
    canManage,
    accept: PROGRESS_DOCUMENT_ACCEPT,
    sales,
  };
}

/** Every form of the page (progress, confidence, revenue, a product, a note, the KYB flag) posts here with its intent. */
export const action = ({ request, params }: ActionFunctionArgs) => taskSectionsAction(request, params);

// The sections below the summary (the forms, products, notes and activity, with their form kit) are an island:
// the server renders them, the browser hydrates them once their chunk has arrived.
const sections = island(() => import("../components/tasks/task-detail-sections"), sectionsOnServer);

type TaskPageData = ReturnType<typeof useLoaderData<typeof loader>>;

function TaskSections({
  task,
  pipelines,
  confidence,
  frequencies,
  productTypes,
  notes,
  activity,
  words,
  canManage,
  accept,
  hrefWith,
}: TaskPageData & { hrefWith: (name: string) => (page: number) => string }) {
  const { Section, ProgressForm, ConfidenceForm, RevenueForm, ProductsSection, NotesSection, ActivitySection, DatapointsList } = sections.read();
  const lookups = {
    payment_frequency_id: Object.fromEntries(frequencies.map((f) => [f.value, f.label])),
    ...Object.fromEntries(
      Object.entries(confidence).map(([field, options]) => [field, Object.fromEntries(options.map((o) => [o.value, o.label.replace(/ \(\d+\)$/, "")]))]),
    ),
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        {canManage ? (
          <Section
            id="progress"
            title="Update progress"
            info={`Move the ${words.task} to another stage of its pipeline or to another pipeline; a progress note is kept.`}
          >
            <ProgressForm task={task} pipelines={pipelines} frequencies={frequencies} accept={accept} words={words} />
          </Section>
        ) : null}
        <Section id="confidence" title="Confidence">
          <ConfidenceForm task={task} options={confidence} canManage={canManage} />
        </Section>
        <Section id="revenue" title="Revenue">
          <RevenueForm task={task} frequencies={frequencies} canManage={canManage} />
        </Section>
        <Section id="products" title="Products">
          <ProductsSection task={task} products={task.products ?? []} productTypes={productTypes} canManage={canManage} />
        </Section>
      </div>
      <div className="space-y-6">
        {Object.keys(task.datapoints ?? {}).length ? (
          <Section id="details" title="Details" info={`What else is recorded about the ${words.task}.`}>
            <DatapointsList datapoints={task.datapoints} />
          </Section>
        ) : null}
        <Section id="notes" title="Notes" info="Progress notes and notes added here, newest first.">
          <NotesSection notes={notes.data} page={notes.page} lastPage={notes.lastPage} hrefFor={hrefWith("notesPage")} canManage={canManage} />
        </Section>
        <Section id="activity" title="Activity">
          <ActivitySection
            entries={activity.data}
            page={activity.page}
            lastPage={activity.lastPage}
            hrefFor={hrefWith("activityPage")}
            words={words}
            lookups={lookups}
          />
        </Section>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

export default function TaskPage() {
  const data = useLoaderData<typeof loader>();
  const { task, words, canManage } = data;
  // The KYB button's refusal (the sections read their own, useFormResult).
  const kybError = useLastResult("kyb")?.error?.[""];
  const frame = useFrame();
  const { search } = useLocation();
  const hrefWith = (name: string) => (page: number) => {
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
        actions={
          <>
            {task.sourceIndividual || task.company ? (
              <CallButton
                entityType="task"
                entityId={task.id}
                name={task.sourceIndividual?.full_name ?? task.company?.name ?? task.name}
                telephone="the task's client"
                from={`/tasks/${task.id}`}
              />
            ) : null}
            {canManage ? (
              <Link to={`/tasks/${task.id}/edit${search}`} className="btn-secondary" preventScrollReset>
                Edit
              </Link>
            ) : null}
            <Link to={`/tasks/${task.id}/emails${search}`} className="btn-secondary" preventScrollReset>
              E-mails
            </Link>
            {canManage ? (
              <Link to={`/tasks/${task.id}/delete${search}`} className="btn-secondary text-red-700" preventScrollReset>
                Delete
              </Link>
            ) : null}
          </>
        }
      />

      <section aria-label={`${words.Task} details`} className="mb-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-task-summary>
          <Fact label="Stage">{task.pipelineStage ? <StageChip pipeline={task.pipeline?.name} stage={task.pipelineStage} /> : "—"}</Fact>
          <Fact label="Priority">{task.priority_name}</Fact>
          <Fact label="Review status">{task.review_status_name}</Fact>
          <Fact label="Assigned to">{task.teamMember?.full_name ?? "Nobody yet"}</Fact>
          <Fact label="KYB">
            <span className="inline-flex items-center gap-2">
              <span data-kyb={task.kyb ? "yes" : "no"}>{task.kyb ? "Yes" : "No"}</span>
              {canManage ? (
                <Form method="post" className="inline">
                  <input type="hidden" name="intent" value="kyb" />
                  <input type="hidden" name="kyb" value={task.kyb ? "false" : "true"} />
                  <button type="submit" className="text-xs text-brand underline">
                    {task.kyb ? "Clear KYB flag" : "Mark for KYB"}
                  </button>
                </Form>
              ) : null}
            </span>
            {kybError ? <span className="block text-xs text-red-700">{kybError.join(" ")}</span> : null}
          </Fact>
          <Fact label="State">{task.state === "open" ? "Open" : task.state === "won" ? "Won" : "Lost"}</Fact>
          <Fact label="Team">{task.team?.name ?? "—"}</Fact>
          <Fact label="Individual">{task.sourceIndividual?.full_name ?? "—"}</Fact>
          <Fact label="Company">{task.company?.name ?? "—"}</Fact>
          <Fact label="Expected revenue">{task.expected_revenue === null ? "—" : formatMoney(task.expected_revenue)}</Fact>
          <Fact label="Expected close">
            <CloseDate date={task.expected_close_date} open={task.state === "open"} />
          </Fact>
          <Fact label="Created">{formatDate(task.created_at)}</Fact>
        </dl>
        {task.description ? <p className="mt-4 whitespace-pre-wrap text-sm text-slate-700">{task.description}</p> : null}
      </section>

      <LinkedEvents section={data.events} />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <TaskSections {...data} hrefWith={hrefWith} />
      </Suspense>
      <section aria-labelledby="task-calls" className="mt-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="task-calls" className="mb-3 text-base font-semibold">
          Calls{" "}
          {data.calls.total > data.calls.data.length ? <span className="text-sm font-normal text-slate-500">(latest 5 of {data.calls.total})</span> : null}
        </h2>
        <CallsPanel calls={data.calls.data} emptyText={`No calls about this ${words.task} yet.`} />
      </section>
      <SalesSection data={data.sales} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
