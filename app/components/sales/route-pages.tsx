import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { island } from "#app/lib/island";
import { pageTitle } from "#app/lib/variant";
import { KindTabs } from "../accounting/kind-tabs";
import { syncedDocumentOnServer, syncedListOnServer } from "../accounting/synced-pages.server";
import { documentListOnServer } from "./document-list.server";
import { documentPageOnServer } from "./document-page.server";
import { DocumentHeader, DocumentListHeader } from "./headers";
import { SALES_KINDS, type SalesKind } from "./kinds";

/**
 * The browser half of the quotes and invoices pages, driven by the kind: the list (simple or accounting-synced) and
 * a document's page. Their bodies are islands: the server renders them, the browser hydrates each once its chunk
 * has arrived; until then their links and forms work as without JavaScript.
 */

const loading = <p className="text-sm text-slate-500">Loading…</p>;

const listBody = island(() => import("./document-list"), documentListOnServer);
const syncedList = island(() => import("../accounting/synced-list"), syncedListOnServer);
const documentBody = island(() => import("./document-page"), documentPageOnServer);
const syncedDocument = island(() => import("../accounting/synced-document"), syncedDocumentOnServer);

export const salesListMeta =
  (kind: SalesKind): MetaFunction =>
  ({ matches }) =>
    pageTitle(SALES_KINDS[kind].Plural, matches);

export const salesDocumentMeta =
  (kind: SalesKind): MetaFunction =>
  ({ data, matches }) => {
    const doc = (data as { doc?: { number_label?: string } } | undefined)?.doc;
    return pageTitle(doc ? `${SALES_KINDS[kind].Noun} ${doc.number_label}` : SALES_KINDS[kind].Noun, matches);
  };

function SyncedList({ companyName }: { companyName: string }) {
  const { SyncedListPage } = syncedList.read();
  return <SyncedListPage companyName={companyName} />;
}

function ListBody({ kind }: { kind: SalesKind }) {
  const { DocumentListPage } = listBody.read();
  return <DocumentListPage kind={kind} />;
}

/** `/quotes`, `/invoices`: the list of a kind, with its tabs to the accounting-synced list when the user may see both. */
export function SalesListPage({ kind, companyName }: { kind: SalesKind; companyName: string }) {
  const data = useLoaderData<{ kind?: string; kindTabs?: { simple: boolean; synced: boolean } }>();
  if (data.kind === "synced") {
    return (
      <Suspense fallback={loading}>
        <SyncedList companyName={companyName} />
      </Suspense>
    );
  }
  return (
    <>
      <DocumentListHeader kind={kind} companyName={companyName} />
      {data.kindTabs ? <KindTabs base={SALES_KINDS[kind].portal} current="simple" tabs={data.kindTabs} syncedLabel="Synced with accounting" /> : null}
      <Suspense fallback={loading}>
        <ListBody kind={kind} />
      </Suspense>
    </>
  );
}

function SyncedDocument({ companyName }: { companyName: string }) {
  const { SyncedDocumentPage } = syncedDocument.read();
  return <SyncedDocumentPage companyName={companyName} />;
}

function DocumentBody() {
  const { DocumentPage } = documentBody.read();
  return <DocumentPage />;
}

/** `/quotes/:id`, `/invoices/:id`: a document's page (its editor, actions and forms), or an accounting-synced one. */
export function SalesDocumentPage({ kind, companyName }: { kind: SalesKind; companyName: string }) {
  const data = useLoaderData<{ kind?: string }>();
  if (data.kind === "synced") {
    return (
      <Suspense fallback={loading}>
        <SyncedDocument companyName={companyName} />
      </Suspense>
    );
  }
  return (
    <>
      <DocumentHeader kind={kind} companyName={companyName} />
      <Suspense fallback={loading}>
        <DocumentBody />
      </Suspense>
    </>
  );
}
