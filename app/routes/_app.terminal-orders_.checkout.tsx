import type { LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { checkoutReturn } from "../services/terminal-order-forms.server";

/**
 * Where the payment page (Stripe Checkout, or the sandbox's) sends the browser back, `?session_id=…`: the paid
 * order is placed and its confirmation shown; not paid, back to the order form. Nothing of its own is drawn.
 */
export const loader = ({ request }: LoaderFunctionArgs) => checkoutReturn(request);

export { RouteErrorBoundary as ErrorBoundary };
