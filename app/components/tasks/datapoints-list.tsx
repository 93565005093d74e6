import { activityFieldLabel, activityValue } from "#app/lib/task-activity";

/**
 * The task's datapoints (what else was recorded about it, by an import or the API), each by its name, in the
 * names' order (the database keeps no order of its own): read only.
 */
export function DatapointsList({ datapoints }: { datapoints: Record<string, unknown> }) {
  const shown = Object.entries(datapoints)
    .map(([key, value]) => ({ key, label: activityFieldLabel(key), text: activityValue(value) ?? "—" }))
    .sort((a, b) => a.label.localeCompare(b.label, "en-GB"));
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm" data-datapoints>
      {shown.map(({ key, label, text }) => (
        <div key={key}>
          <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-0.5 break-words">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
