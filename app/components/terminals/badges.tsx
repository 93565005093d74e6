const ORDER_TONES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-800",
  ready_to_ship: "bg-blue-100 text-blue-800",
  shipped: "bg-indigo-100 text-indigo-800",
  delivered: "bg-green-100 text-green-800",
  canceled: "bg-slate-100 text-slate-600",
};
const CONNECT_TONES: Record<string, string> = {
  not_started: "bg-slate-100 text-slate-700",
  pending: "bg-amber-100 text-amber-800",
  enabled: "bg-green-100 text-green-800",
};

/** A hardware order's state as a badge. */
export function OrderStatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${ORDER_TONES[status] ?? "bg-slate-100 text-slate-700"}`}>{label}</span>;
}

/** The connected account's state as a badge. */
export function ConnectStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium ${CONNECT_TONES[status] ?? "bg-slate-100 text-slate-700"}`}
      data-connect-status={status}
    >
      {label}
    </span>
  );
}

/** Said of everything the card-terminal sandbox answered: test data, nothing ordered, shipped or paid out. */
export function TerminalSandboxNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="mb-4 rounded-md border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="note">
      {children}
    </p>
  );
}
