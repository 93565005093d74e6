import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { SalesDocumentPage, salesDocumentMeta } from "../components/sales/route-pages";
import { salesDocumentAction, salesDocumentLoader } from "../services/sales-routes.server";
import { useFrame } from "./_app";

/** An invoice's page (`?kind=synced`: an accounting-synced invoice, its status, where it is kept, Retry sync). */
export const meta = salesDocumentMeta("invoice");
export const loader = ({ request, params }: LoaderFunctionArgs) => salesDocumentLoader(request, params, "invoice");
export const action = ({ request, params }: ActionFunctionArgs) => salesDocumentAction(request, params, "invoice");

export default function InvoicePage() {
  return <SalesDocumentPage kind="invoice" companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
