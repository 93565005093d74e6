import { Link } from "@remix-run/react";
import type { Task } from "#contract/tasks";
import { formatDate, formatMoney } from "#common/format";
import { StageChip } from "../tasks/stage-chip";

/** The tasks (opportunities) of a client, newest first, each linking to its page. */
export function TasksPanel({ tasks, emptyText }: { tasks: Task[]; emptyText: string }) {
  if (tasks.length === 0) return <p className="text-sm text-slate-500">{emptyText}</p>;
  return (
    <div className="scroll-x">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-client-tasks>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-4">
              Name
            </th>
            <th scope="col" className="py-2 pr-4">
              Pipeline / stage
            </th>
            <th scope="col" className="py-2 pr-4">
              Assigned to
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              Expected revenue
            </th>
            <th scope="col" className="py-2">
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tasks.map((t) => (
            <tr key={t.id}>
              <td className="py-2 pr-4">
                <Link to={`/tasks/${t.id}`} className="font-medium text-brand hover:underline">
                  {t.name}
                </Link>
              </td>
              <td className="py-2 pr-4">{t.pipelineStage ? <StageChip pipeline={t.pipeline?.name} stage={t.pipelineStage} /> : "—"}</td>
              <td className="py-2 pr-4">{t.teamMember?.full_name ?? "—"}</td>
              <td className="py-2 pr-4 text-right">{t.expected_revenue === null ? "—" : formatMoney(t.expected_revenue)}</td>
              <td className="py-2">{formatDate(t.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
