import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { KindTabs } from "../components/accounting/kind-tabs";
import { syncedListOnServer } from "../components/accounting/synced-pages.server";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DocumentListHeader } from "../components/sales/headers";
import { documentListOnServer } from "../components/sales/document-list.server";
import { island } from "../lib/island";
import { pageTitle } from "../lib/variant";
import { kindTabs, syncedListLoader, wantsSynced } from "../services/accounting-pages.server";
import { bulkSelectionAction } from "../services/bulk.server";
import { documentListLoader } from "../services/sales-list.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Invoices", matches);

/** `?kind=synced` (or a user who may see only that kind): the accounting-synced invoices. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await wantsSynced(request, "invoice")) return syncedListLoader(request, "invoice");
  return { ...(await documentListLoader(request, "invoice")), kindTabs: await kindTabs(request, "invoice") };
}

/** The bulk form: each button on to the confirmation of the selected invoices. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/invoices",
    permission: "invoice_manage",
    intents: { "mark-sent": { to: "/invoices/mark-sent" }, cancel: { to: "/invoices/cancel" }, delete: { to: "/invoices/delete" } },
  });

// The list (its table, bulk actions and filters, with the list kit) is an island: the server renders it, the
// browser hydrates it once its chunk has arrived; until then its links and forms work as without JavaScript.
const body = island(() => import("../components/sales/document-list"), documentListOnServer);

const synced = island(() => import("../components/accounting/synced-list"), syncedListOnServer);

function Synced({ companyName }: { companyName: string }) {
  const { SyncedListPage } = synced.read();
  return <SyncedListPage companyName={companyName} />;
}

function Body() {
  const { DocumentListPage } = body.read();
  return <DocumentListPage kind="invoice" />;
}

export default function InvoicesPage() {
  const frame = useFrame();
  const data = useLoaderData<{ kind?: string; kindTabs?: { simple: boolean; synced: boolean } }>();
  if (data.kind === "synced") {
    return (
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Synced companyName={frame.company.name} />
      </Suspense>
    );
  }
  return (
    <>
      <DocumentListHeader kind="invoice" companyName={frame.company.name} />
      {data.kindTabs ? <KindTabs base="/invoices" current="simple" tabs={data.kindTabs} syncedLabel="Synced with accounting" /> : null}
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Body />
      </Suspense>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
