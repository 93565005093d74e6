import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DOCUMENT_SORTS } from "#contract/list-sorts";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DocumentListPage } from "../components/sales/document-list";
import { DOCUMENT_LIST_FILTERS } from "../components/sales/kinds";
import { defineList } from "../components/table/list";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { documentListLoader } from "../services/sales-list.server";
import { useFrame } from "./_app";

/** The quotes list's sort fields and filters (its address). */
const quotesList = defineList("/quotes", DOCUMENT_SORTS, { filters: DOCUMENT_LIST_FILTERS, defaultSort: { field: "created_at", desc: true } });

export const meta: MetaFunction = ({ matches }) => pageTitle("Quotes", matches);

export const loader = ({ request }: LoaderFunctionArgs) => documentListLoader(request, "quote", quotesList.spec);

/** The bulk form: each button on to the confirmation of the selected quotes. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/quotes",
    permission: "quote_manage",
    intents: { "mark-sent": { to: "/quotes/mark-sent" }, cancel: { to: "/quotes/cancel" }, delete: { to: "/quotes/delete" } },
  });

export default function QuotesPage() {
  return <DocumentListPage kind="quote" list={quotesList} companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
