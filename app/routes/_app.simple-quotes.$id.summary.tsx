import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { SummaryFrame } from "../components/sales/summary-frame";
import { pageTitle } from "../lib/variant";
import { summaryLoader } from "../services/sales-summary.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title ?? "Quote summary", matches);

export const loader = ({ request, params }: LoaderFunctionArgs) => summaryLoader(request, params, "quote");
export default SummaryFrame;
export { RouteErrorBoundary as ErrorBoundary };
