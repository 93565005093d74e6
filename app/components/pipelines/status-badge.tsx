/** A pipeline's status (1 Active, 0 Archived) as a small badge. */
export function PipelineStatusBadge({ status }: { status: number }) {
  return status === 1 ? (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">Active</span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300">Archived</span>
  );
}

/** Pipeline statuses of the spec (§4): the list's filter options. */
export const PIPELINE_STATUS_OPTIONS = [
  { value: "1", label: "Active" },
  { value: "0", label: "Archived" },
];

/** A stage's outcome: open stages hold work in progress, won and lost ones close their tasks. */
export function OutcomeBadge({ outcome }: { outcome: "open" | "won" | "lost" }) {
  if (outcome === "open") return null;
  return outcome === "won" ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">Won</span>
  ) : (
    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200">Lost</span>
  );
}
