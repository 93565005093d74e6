import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatPence } from "#common/money";
import { TERMINAL_TEST_CARDS } from "#contract/terminal-constants";
import { Form } from "../components/form/form";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { TerminalTabs } from "../components/terminal-app/terminal-tabs";
import { pageTitle } from "../lib/variant";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";
import { cancelTerminalPayment, getTerminalPayment, pinStatus, presentTestCard } from "../services/terminal-app.server";
import { useFrame } from "./_app";

const guard = (request: Request) => requirePermission(request, ["terminal_request", "terminal_manage"], { route: "/terminal-app", back: "/terminal-app/pay" });

/** While the reader waits for a card, the page refreshes itself (without JavaScript too). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageTitle("Payment on the reader", matches),
  ...(data && (data.payment.status === "waiting" || data.payment.status === "starting") ? [{ httpEquiv: "refresh", content: "3" } as const] : []),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  const [payment, pin] = await Promise.all([getTerminalPayment(api, params.id!), pinStatus(api)]);
  return { payment, canPresent: pin.simulated && Boolean(payment.reader?.simulated) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await guard(request);
  const form = await formOf(request);
  const here = `/terminal-app/pay/${params.id}`;
  try {
    if (form.get("intent") === "cancel") {
      await cancelTerminalPayment(api, params.id!);
      return redirectWithToast(request, here, { kind: "info", message: "Payment cancelled." });
    }
    if (form.get("intent") === "present") {
      const p = await presentTestCard(api, params.id!, String(form.get("number") ?? ""));
      return redirectWithToast(request, here, {
        kind: p.status === "approved" ? "success" : "info",
        message: `Test card presented: ${p.status_label.toLowerCase()}.`,
      });
    }
  } catch (error) {
    if (error instanceof ApiValidationError) {
      return redirectWithToast(request, here, { kind: "error", message: Object.values(error.body.errors ?? {}).flat()[0] ?? error.body.message });
    }
    throw error;
  }
  throw new Response("Unknown request.", { status: 400 });
}

export default function TerminalPaymentPage() {
  const { payment: p, canPresent } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const open = p.status === "waiting" || p.status === "starting";
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Payment on the reader" info={p.sandbox ? "Sandbox: simulated reader, no money moves." : undefined} />
      <TerminalTabs />
      <section aria-label="Payment" className="max-w-xl space-y-4 rounded-md border border-slate-200 bg-white p-4 shadow-sm">
        <dl className="grid grid-cols-[10rem_1fr] gap-2 text-sm">
          <dt className="font-medium">Amount</dt>
          <dd>{formatPence(p.amount_pence)}</dd>
          <dt className="font-medium">Description</dt>
          <dd>{p.description}</dd>
          <dt className="font-medium">Reader</dt>
          <dd>{p.reader?.label ?? "—"}</dd>
          <dt className="font-medium">Status</dt>
          <dd role="status" data-status={p.status}>
            {p.status === "declined" && p.failure ? `Declined: ${p.failure.message} (${p.failure.code})` : p.status_label}
          </dd>
        </dl>
        {open ? (
          <>
            <p className="text-sm text-slate-600">
              The reader shows the amount and waits for the customer&apos;s card. This page refreshes itself;{" "}
              <Link to={`/terminal-app/pay/${p.id}`} className="underline">
                Refresh
              </Link>
            </p>
            {canPresent ? (
              <div className="space-y-2">
                <h2 className="font-semibold">Present test card</h2>
                <div className="flex flex-wrap gap-2">
                  {TERMINAL_TEST_CARDS.map((c) => (
                    <Form method="post" key={c.number}>
                      <input type="hidden" name="intent" value="present" />
                      <input type="hidden" name="number" value={c.number} />
                      <button type="submit" className="btn-secondary">
                        {c.label}
                      </button>
                    </Form>
                  ))}
                </div>
              </div>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="btn-secondary text-red-700">
                Cancel payment
              </button>
            </Form>
          </>
        ) : (
          <div className="flex gap-2">
            {p.payment_id ? (
              <Link to={`/transactions/${p.payment_id}`} className="btn-secondary">
                View in Customer transactions
              </Link>
            ) : null}
            <Link to="/terminal-app/pay" className="btn-primary">
              New payment
            </Link>
          </div>
        )}
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
