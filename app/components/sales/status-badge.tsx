import { SALES_STATUS_LABELS } from "./kinds";

const TONES: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  sent: "bg-sky-50 text-sky-800 ring-sky-200",
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  converted: "bg-violet-50 text-violet-800 ring-violet-200",
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-red-50 text-red-800 ring-red-200",
};

/** A quote's or invoice's status as a small badge. */
export function SalesStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONES[status] ?? TONES.draft}`} data-status={status}>
      {SALES_STATUS_LABELS[status] ?? status}
    </span>
  );
}
