import type { Activity } from "#contract/tasks";
import { formatDateTime } from "#common/format";
import type { Words } from "#app/lib/labels";
import { activityLines, activityVerb, type ActivityLookups } from "#app/lib/task-activity";
import { PageLinks } from "./task-section";

/**
 * What happened to the task, newest first, paged: who, when, and each field's change, in the edition's words
 * (`kyb`, the KYB flag's name; `labels`, the fields named otherwise: app/lib/task-terms.ts).
 */
export function ActivitySection({
  entries,
  page,
  lastPage,
  hrefFor,
  words,
  kyb,
  labels,
  lookups,
}: {
  entries: Activity[];
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  words: Words;
  kyb: string;
  labels: Record<string, string>;
  lookups: ActivityLookups;
}) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">Nothing has happened yet.</p>;
  return (
    <>
      <ol className="space-y-3" aria-label="Activity">
        {entries.map((e) => {
          const lines = activityLines(e.changes, lookups, labels);
          return (
            <li key={e.id} className="border-l-2 border-slate-200 pl-3 text-sm" data-activity={e.action}>
              <p>
                <time dateTime={e.created_at} className="mr-2 text-xs text-slate-500">
                  {formatDateTime(e.created_at)}
                </time>
                <strong>{e.user?.full_name ?? (e.changes.automation?.new_label ? `Automation "${e.changes.automation.new_label}"` : "Someone")}</strong>{" "}
                {activityVerb(e.action, e.changes, { task: words.task, kyb })}
              </p>
              {lines.length ? (
                <ul className="mt-1 space-y-0.5 text-slate-600">
                  {lines.map((l) => (
                    <li key={l.field}>
                      <span className="text-slate-500">{l.field}:</span> {l.from === null ? l.to : `${l.from} → ${l.to ?? "—"}`}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      <PageLinks label="Activity" page={page} lastPage={lastPage} hrefFor={hrefFor} />
    </>
  );
}
