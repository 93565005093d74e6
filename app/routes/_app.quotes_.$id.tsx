import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Suspense } from "react";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { documentPageOnServer } from "../components/sales/document-page.server";
import { island } from "../lib/island";
import { pageTitle } from "../lib/variant";
import { documentPageAction, documentPageLoader } from "../services/sales-detail.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `Quote ${data.doc.number_label}` : "Quote", matches);

export const loader = ({ request, params }: LoaderFunctionArgs) => documentPageLoader(request, params, "quote");
export const action = ({ request, params }: ActionFunctionArgs) => documentPageAction(request, params, "quote");

// The page's body (its editor, actions and forms, with the form kit and the money rules) is an island: the server
// renders it, the browser hydrates it once its chunk has arrived.
const body = island(() => import("../components/sales/document-page"), documentPageOnServer);

function Body({ companyName }: { companyName: string }) {
  const { DocumentPage } = body.read();
  return <DocumentPage companyName={companyName} />;
}

export default function QuotePage() {
  const frame = useFrame();
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
      <Body companyName={frame.company.name} />
    </Suspense>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
