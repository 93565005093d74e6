import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { syncedDocumentOnServer } from "../components/accounting/synced-pages.server";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DocumentHeader } from "../components/sales/headers";
import { documentPageOnServer } from "../components/sales/document-page.server";
import { island } from "../lib/island";
import { pageTitle } from "../lib/variant";
import { syncedDocumentAction, syncedDocumentLoader } from "../services/accounting-pages.server";
import { documentPageAction, documentPageLoader } from "../services/sales-detail.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `Quote ${data.doc.number_label}` : "Quote", matches);

const synced = (request: Request) => new URL(request.url).searchParams.get("kind") === "synced";

/** `?kind=synced`: an accounting-synced quote (its status, where it is kept, Retry sync). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  synced(request) ? syncedDocumentLoader(request, params, "quote") : documentPageLoader(request, params, "quote");
export const action = ({ request, params }: ActionFunctionArgs) =>
  synced(request) ? syncedDocumentAction(request, params, "quote") : documentPageAction(request, params, "quote");

// The page's body (its editor, actions and forms, with the form kit and the money rules) is an island: the server
// renders it, the browser hydrates it once its chunk has arrived.
const body = island(() => import("../components/sales/document-page"), documentPageOnServer);

const syncedBody = island(() => import("../components/accounting/synced-document"), syncedDocumentOnServer);

function Synced({ companyName }: { companyName: string }) {
  const { SyncedDocumentPage } = syncedBody.read();
  return <SyncedDocumentPage companyName={companyName} />;
}

function Body() {
  const { DocumentPage } = body.read();
  return <DocumentPage />;
}

export default function QuotePage() {
  const frame = useFrame();
  const data = useLoaderData<{ kind?: string }>();
  if (data.kind === "synced") {
    return (
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Synced companyName={frame.company.name} />
      </Suspense>
    );
  }
  return (
    <>
      <DocumentHeader kind="quote" companyName={frame.company.name} />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Body />
      </Suspense>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
