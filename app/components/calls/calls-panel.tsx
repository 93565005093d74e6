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

/** A record's call log: when, who, how, outcome, duration and any feedback, newest first. */
export function CallsPanel({ calls, emptyText }: { calls: PhoneCall[]; emptyText: string }) {
  if (!calls.length) return <p className="text-sm text-slate-600">{emptyText}</p>;
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
              <td className="py-2">
                {c.feedback_score
                  ? `${c.feedback_score}/5${c.feedback_issue ? `, ${CALL_FEEDBACK_ISSUE_LABELS[c.feedback_issue as CallFeedbackIssue]}` : ""}`
                  : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
