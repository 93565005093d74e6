import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Task } from "#contract/tasks";
import { formatDate, formatMoney } from "#common/format";
import type { Words } from "#app/lib/labels";
import type { TaskTerms } from "#app/lib/task-terms";
import { CallButton } from "../calls/call-button";
import { useLastResult } from "../form/form-answer";
import { Form } from "../form/form";
import { Badge, type BadgeTone } from "../ui/badge";
import { Icon } from "../ui/icon";
import { CloseDate } from "./close-date";
import { StageChip } from "./stage-chip";

const PRIORITY_TONE: Record<number, BadgeTone> = { 1: "danger", 2: "warning", 3: "neutral" };
const STATE: Record<Task["state"], { label: string; tone: BadgeTone }> = {
  open: { label: "Open", tone: "info" },
  won: { label: "Won", tone: "success" },
  lost: { label: "Lost", tone: "neutral" },
};

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A client of the task (its individual or its company): a link to their page when the user may open it. */
function ClientLink({ to, name, link }: { to: string; name: string | undefined; link: boolean }) {
  if (!name) return <>—</>;
  return link ? (
    <Link to={to} className="font-medium text-brand hover:underline">
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}

/**
 * The summary under the task's title: where it stands (stage, state), who it is for and with, its priority, its
 * expected close and revenue, its review status and the KYB flag (with the form that sets it, for a manager):
 * each once on the page.
 */
export function TaskSummary({
  task,
  words,
  terms,
  canManage,
  clientLinks,
}: {
  task: Task;
  words: Words;
  terms: TaskTerms;
  canManage: boolean;
  clientLinks: { individual: boolean; company: boolean };
}) {
  // The KYB button's refusal (the sections read their own, useFormResult).
  const kybError = useLastResult("kyb")?.error?.[""];
  const state = STATE[task.state];
  return (
    <section aria-label={`${words.Task} summary`} className="card mb-4 p-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6" data-task-summary>
        <Fact label="Stage" wide>
          {task.pipelineStage ? <StageChip pipeline={task.pipeline?.name} stage={task.pipelineStage} /> : "—"}
        </Fact>
        <Fact label={terms.individual}>
          <ClientLink to={`/individual/${task.sourceIndividual?.id}`} name={task.sourceIndividual?.full_name} link={clientLinks.individual} />
        </Fact>
        <Fact label="Company">
          <ClientLink to={`/company/${task.company?.id}`} name={task.company?.name} link={clientLinks.company} />
        </Fact>
        <Fact label="Assigned to">{task.teamMember?.full_name ?? "Nobody yet"}</Fact>
        <Fact label="Priority">
          <Badge tone={PRIORITY_TONE[task.priority] ?? "neutral"}>{task.priority_name}</Badge>
        </Fact>
        <Fact label="Expected close">
          <CloseDate date={task.expected_close_date} open={task.state === "open"} />
        </Fact>
        <Fact label="State">
          <Badge tone={state.tone} dot>
            {state.label}
          </Badge>
        </Fact>
        <Fact label="Expected revenue">
          <span className="tabular-nums">{task.expected_revenue === null ? "—" : formatMoney(task.expected_revenue)}</span>
        </Fact>
        <Fact label="Review status">{task.review_status_name}</Fact>
        <Fact label="Team">{task.team?.name ?? "—"}</Fact>
        <Fact label={terms.Kyb}>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span data-kyb={task.kyb ? "yes" : "no"}>{task.kyb ? "Yes" : "No"}</span>
            {canManage ? (
              <Form method="post" className="inline">
                <input type="hidden" name="intent" value="kyb" />
                <input type="hidden" name="kyb" value={task.kyb ? "false" : "true"} />
                <button type="submit" className="text-xs font-medium text-brand hover:underline">
                  {task.kyb ? `Clear ${terms.kyb} flag` : `Mark for ${terms.kyb}`}
                </button>
              </Form>
            ) : null}
          </span>
          {kybError ? (
            <span role="alert" className="mt-1 block text-xs text-red-700">
              {kybError.join(" ")}
            </span>
          ) : null}
        </Fact>
        <Fact label="Created">{formatDate(task.created_at)}</Fact>
      </dl>
    </section>
  );
}

/**
 * The page's main actions beside its title, as the kit's buttons: call the client, edit the task in its drawer,
 * its e-mails, delete it (asked first). The drawers keep the page's query (its lists' pages).
 */
export function TaskActions({ task, canManage, search }: { task: Task; canManage: boolean; search: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {task.sourceIndividual || task.company ? (
        <CallButton
          entityType="task"
          entityId={task.id}
          name={task.sourceIndividual?.full_name ?? task.company?.name ?? task.name}
          telephone="the task's client"
          from={`/tasks/${task.id}`}
        />
      ) : null}
      <Link to={`/tasks/${task.id}/emails${search}`} className="btn-secondary" preventScrollReset>
        <Icon name="mail" />
        E-mails
      </Link>
      {canManage ? (
        <Link to={`/tasks/${task.id}/delete${search}`} className="btn-secondary text-red-700" preventScrollReset>
          <Icon name="trash-2" />
          Delete
        </Link>
      ) : null}
      {canManage ? (
        <Link to={`/tasks/${task.id}/edit${search}`} className="btn-primary" preventScrollReset>
          <Icon name="pencil" />
          Edit
        </Link>
      ) : null}
    </div>
  );
}
