const TONES: Record<string, string> = {
  succeeded: "bg-green-100 text-green-800",
  processing: "bg-sky-100 text-sky-800",
  authorised: "bg-blue-100 text-blue-800",
  partially_refunded: "bg-amber-100 text-amber-800",
  refunded: "bg-slate-200 text-slate-800",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-slate-100 text-slate-600",
  pending: "bg-amber-100 text-amber-800",
  requested: "bg-amber-100 text-amber-800",
};

/** A payment's (or a refund's) status as a badge. */
export function PaymentStatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status] ?? "bg-slate-100 text-slate-700"}`}>{label}</span>;
}

/** Said of every payment the sandbox took: test data, no money moved. */
export function SandboxBadge() {
  return (
    <span
      className="inline-flex rounded-full border border-dashed border-amber-500 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800"
      title="Taken by the payments sandbox (test mode): no money moved"
    >
      Sandbox
    </span>
  );
}
