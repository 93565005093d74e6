import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Suspense } from "react";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { documentListOnServer } from "../components/sales/document-list.server";
import { island } from "../lib/island";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { documentListLoader } from "../services/sales-list.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Invoices", matches);

export const loader = ({ request }: LoaderFunctionArgs) => documentListLoader(request, "invoice");

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

function Body({ companyName }: { companyName: string }) {
  const { DocumentListPage } = body.read();
  return <DocumentListPage kind="invoice" companyName={companyName} />;
}

export default function InvoicesPage() {
  const frame = useFrame();
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
      <Body companyName={frame.company.name} />
    </Suspense>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
