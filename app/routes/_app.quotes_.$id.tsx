import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DocumentPage } from "../components/sales/document-page";
import { pageTitle } from "../lib/variant";
import { documentPageAction, documentPageLoader } from "../services/sales-detail.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `Quote ${data.doc.number_label}` : "Quote", matches);

export const loader = ({ request, params }: LoaderFunctionArgs) => documentPageLoader(request, params, "quote");
export const action = ({ request, params }: ActionFunctionArgs) => documentPageAction(request, params, "quote");

export default function QuotePage() {
  return <DocumentPage companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
