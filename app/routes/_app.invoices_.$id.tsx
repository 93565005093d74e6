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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `Invoice ${data.doc.number_label}` : "Invoice", matches);

const synced = (request: Request) => new URL(request.url).searchParams.get("kind") === "synced";

/** `?kind=synced`: an accounting-synced invoice (its status, where it is kept, Retry sync). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  synced(request) ? syncedDocumentLoader(request, params, "invoice") : documentPageLoader(request, params, "invoice");
export const action = ({ request, params }: ActionFunctionArgs) =>
  synced(request) ? syncedDocumentAction(request, params, "invoice") : documentPageAction(request, params, "invoice");

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

export default function InvoicePage() {
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
      <DocumentHeader kind="invoice" companyName={frame.company.name} />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Body />
      </Suspense>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
