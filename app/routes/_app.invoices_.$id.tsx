import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DocumentPage } from "../components/sales/document-page";
import { pageTitle } from "../lib/variant";
import { documentPageAction, documentPageLoader } from "../services/sales-detail.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `Invoice ${data.doc.number_label}` : "Invoice", matches);

export const loader = ({ request, params }: LoaderFunctionArgs) => documentPageLoader(request, params, "invoice");
export const action = ({ request, params }: ActionFunctionArgs) => documentPageAction(request, params, "invoice");

export default function InvoicePage() {
  return <DocumentPage companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
