import { Link } from "@remix-run/react";

/** The two kinds of a quotes or invoices screen: kept here (simple) and kept in the accounting system (synced). */
export function KindTabs({
  base,
  current,
  tabs,
  syncedLabel,
}: {
  base: string;
  current: "simple" | "synced";
  tabs: { simple: boolean; synced: boolean };
  syncedLabel: string;
}) {
  if (!tabs.simple || !tabs.synced) return null;
  const tab = (kind: "simple" | "synced", label: string) => (
    <Link
      to={kind === "simple" ? base : `${base}?kind=synced`}
      aria-current={current === kind ? "page" : undefined}
      className={
        current === kind
          ? "border-b-2 border-brand px-3 py-2 text-sm font-semibold text-slate-900"
          : "border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900"
      }
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Kind" className="mb-4 flex gap-2 border-b border-slate-200" data-kind-tabs>
      {tab("simple", "Kept here")}
      {tab("synced", syncedLabel)}
    </nav>
  );
}
