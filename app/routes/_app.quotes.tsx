import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { SalesListPage, salesListMeta } from "../components/sales/route-pages";
import { salesListAction, salesListLoader } from "../services/sales-routes.server";
import { useFrame } from "./_app";

/** The quotes list (`?kind=synced`: the accounting-synced quotes); its bulk form goes on to a confirmation. */
export const meta = salesListMeta("quote");
export const loader = ({ request }: LoaderFunctionArgs) => salesListLoader(request, "quote");
export const action = ({ request }: ActionFunctionArgs) => salesListAction(request, "quote");

export default function QuotesPage() {
  return <SalesListPage kind="quote" companyName={useFrame().company.name} />;
}

export { RouteErrorBoundary as ErrorBoundary };
