import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { SalesDocumentPage, salesDocumentMeta } from "../components/sales/route-pages";
import { salesDocumentAction, salesDocumentLoader } from "../services/sales-routes.server";
import { useFrame } from "./_app";

/** A quote's page (`?kind=synced`: an accounting-synced quote, its status, where it is kept, Retry sync). */
export const meta = salesDocumentMeta("quote");
export const loader = ({ request, params }: LoaderFunctionArgs) => salesDocumentLoader(request, params, "quote");
export const action = ({ request, params }: ActionFunctionArgs) => salesDocumentAction(request, params, "quote");

export default function QuotePage() {
  return <SalesDocumentPage kind="quote" companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
