import { CALL_OUTCOME_LABELS, CALL_FEEDBACK_ISSUE_LABELS, type CallFeedbackIssue } from "#contract/call-constants";
import type { PhoneCall } from "#contract/calls";
import { formatDateTime } from "#common/format";

const duration = (s: number | null) => (s === null ? "—" : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`);

function how(c: PhoneCall) {
  if (c.via === "phone") return "Phone's dialler";
  return c.provider === "sandbox" ? "Browser (sandbox)" : "Browser";
}

function outcome(c: PhoneCall) {
  if (c.via === "phone") return "Started";
  if (!c.outcome) return "In progress";
  return CALL_OUTCOME_LABELS[c.outcome];
}

const feedback = (c: PhoneCall) =>
  c.feedback_score ? `${c.feedback_score}/5${c.feedback_issue ? `, ${CALL_FEEDBACK_ISSUE_LABELS[c.feedback_issue as CallFeedbackIssue]}` : ""}` : null;

/**
 * A record's call log: when, who, how, outcome, duration and any feedback, newest first. `compact`: the same as a
 * list of two lines a call, for a narrow column (the task page's), instead of a table that would scroll sideways.
 */
export function CallsPanel({ calls, emptyText, compact }: { calls: PhoneCall[]; emptyText: string; compact?: boolean }) {
  if (!calls.length) return <p className="text-sm text-slate-600">{emptyText}</p>;
  if (compact) {
    return (
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Calls" data-call-list>
        {calls.map((c) => (
          <li key={c.id} className="py-2 first:pt-0" data-call>
            <p className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate">
                <span className="font-medium">{c.caller?.name ?? "—"}</span> <span className="tabular-nums text-slate-600">{c.to}</span>
              </span>
              <span className="shrink-0 tabular-nums text-slate-600">{duration(c.duration_seconds)}</span>
            </p>
            <p className="text-xs text-slate-500">
              <time dateTime={c.started_at}>{formatDateTime(c.started_at)}</time> · {how(c)} · {outcome(c)}
              {c.error_code ? ` (${c.error_code})` : ""}
              {feedback(c) ? ` · ${feedback(c)}` : ""}
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" data-call-log>
        <caption className="sr-only">Calls</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              Started
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              By
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Number
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              How
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Outcome
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Duration
            </th>
            <th scope="col" className="py-2 font-medium">
              Feedback
            </th>
          </tr>
        </thead>
        <tbody>
          {calls.map((c) => (
            <tr key={c.id} className="border-b border-slate-100">
              <td className="whitespace-nowrap py-2 pr-4 tabular-nums">{formatDateTime(c.started_at)}</td>
              <td className="py-2 pr-4">{c.caller?.name ?? "—"}</td>
              <td className="whitespace-nowrap py-2 pr-4 tabular-nums">{c.to}</td>
              <td className="py-2 pr-4">{how(c)}</td>
              <td className="py-2 pr-4">
                {outcome(c)}
                {c.error_code ? <span className="ml-1 text-xs text-slate-500">({c.error_code})</span> : null}
              </td>
              <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">{duration(c.duration_seconds)}</td>
              <td className="py-2">{feedback(c) ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
