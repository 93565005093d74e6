import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { SalesListPage, salesListMeta } from "../components/sales/route-pages";
import { salesListAction, salesListLoader } from "../services/sales-routes.server";
import { useFrame } from "./_app";

/** The invoices list (`?kind=synced`: the accounting-synced invoices); its bulk form goes on to a confirmation. */
export const meta = salesListMeta("invoice");
export const loader = ({ request }: LoaderFunctionArgs) => salesListLoader(request, "invoice");
export const action = ({ request }: ActionFunctionArgs) => salesListAction(request, "invoice");

export default function InvoicesPage() {
  return <SalesListPage kind="invoice" companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
