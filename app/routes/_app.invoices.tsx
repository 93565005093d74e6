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

/** The invoices list's sort fields and filters (its address). */
const invoicesList = defineList("/invoices", DOCUMENT_SORTS, { filters: DOCUMENT_LIST_FILTERS, defaultSort: { field: "created_at", desc: true } });

export const meta: MetaFunction = ({ matches }) => pageTitle("Invoices", matches);

export const loader = ({ request }: LoaderFunctionArgs) => documentListLoader(request, "invoice", invoicesList.spec);

/** The bulk form: each button on to the confirmation of the selected invoices. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/invoices",
    permission: "invoice_manage",
    intents: { "mark-sent": { to: "/invoices/mark-sent" }, cancel: { to: "/invoices/cancel" }, delete: { to: "/invoices/delete" } },
  });

export default function InvoicesPage() {
  return <DocumentListPage kind="invoice" list={invoicesList} companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
