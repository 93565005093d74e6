import type { SyncState } from "#contract/accounting-documents";

const STATUS_TONES: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  sent: "bg-sky-50 text-sky-800 ring-sky-200",
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-red-50 text-red-800 ring-red-200",
};

export function SyncedStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_TONES[status] ?? STATUS_TONES.draft}`}
      data-status={status}
    >
      {label}
    </span>
  );
}

/**
 * Where a document is kept: "Sandbox ledger" (amber: the portal's sandbox, not a real accounting system),
 * "Synced with Xero" (green) or "Not synced" (red, with the reason as its title).
 */
export function SyncBadge({ sync }: { sync: Pick<SyncState, "status" | "label" | "provider" | "error"> }) {
  const tone =
    sync.status === "not_synced"
      ? "bg-red-50 text-red-800 ring-red-200"
      : sync.provider === "sandbox"
        ? "bg-amber-50 text-amber-900 ring-amber-300"
        : "bg-emerald-50 text-emerald-800 ring-emerald-200";
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tone}`}
      data-sync={sync.status}
      title={sync.error ?? undefined}
    >
      {sync.label}
    </span>
  );
}
