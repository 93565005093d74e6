import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDateTime } from "#common/format";
import { formatPence } from "#common/money";
import { Drawer } from "../components/drawer";
import { OrderStatusBadge } from "../components/terminals/badges";
import { requireAccess } from "../services/auth.server";
import { getTerminalOrder } from "../services/terminal-orders.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/terminal-orders");
  const order = await getTerminalOrder(api, params.id!);
  const url = new URL(request.url);
  const placed = url.searchParams.get("placed") === "1";
  url.searchParams.delete("placed");
  return { order, placed, back: `/terminal-orders${url.search}` };
}

/** One order: its hardware, totals, shipping and payment; after ordering, its confirmation. */
export default function TerminalOrderDrawer() {
  const { order: o, placed, back } = useLoaderData<typeof loader>();
  const a = o.shipping.address;
  return (
    <Drawer title={`Order ${o.provider_order_id}`} closeTo={back}>
      <div className="space-y-4 text-sm">
        {placed ? (
          <p className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900" role="status">
            {`Thank you: your order is placed and paid (${formatPence(o.total_pence)}). Its status below follows it until it is delivered.`}
          </p>
        ) : null}
        {o.sandbox ? (
          <p className="rounded-md border-2 border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-amber-900" role="note">
            Sandbox order: nothing is shipped and no card was charged. Its status moves on by itself, as a real order would.
          </p>
        ) : null}
        <p className="flex items-center gap-2">
          Status <OrderStatusBadge status={o.status} label={o.status_label} />
        </p>
        <table className="w-full">
          <caption className="sr-only">Hardware</caption>
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">Device</th>
              <th className="py-1 text-right">Quantity</th>
              <th className="py-1 text-right">Unit price</th>
              <th className="py-1 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((i) => (
              <tr key={i.terminal_hardware_sku} className="border-t border-slate-100">
                <td className="py-1">{i.name}</td>
                <td className="py-1 text-right">{i.quantity}</td>
                <td className="py-1 text-right">{formatPence(i.unit_amount_pence)}</td>
                <td className="py-1 text-right">{formatPence(i.amount_pence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid grid-cols-2 gap-y-1">
          <dt className="text-slate-500">Subtotal</dt>
          <dd className="text-right">{formatPence(o.subtotal_pence)}</dd>
          <dt className="text-slate-500">{`Shipping: ${o.shipping_method_name}`}</dt>
          <dd className="text-right">{formatPence(o.shipping_pence)}</dd>
          <dt className="text-slate-500">VAT (20%)</dt>
          <dd className="text-right">{formatPence(o.tax_pence)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{formatPence(o.total_pence)}</dd>
        </dl>
        <div>
          <h3 className="font-semibold">Ship to</h3>
          <address className="not-italic">
            {[o.shipping.name, o.shipping.company, a.line1, a.line2, a.city, a.state, a.postal_code, "United Kingdom"].filter(Boolean).join(", ")}
          </address>
          <p>{`${o.shipping.email} · ${o.shipping.phone}`}</p>
        </div>
        <div>
          <h3 className="font-semibold">Payment</h3>
          {o.payment ? (
            <p>
              {`${formatPence(o.payment.amount_pence)} by ${o.payment.card ? `${o.payment.card.brand} card ending ${o.payment.card.last4}` : "card"} (${o.payment.status})`}
            </p>
          ) : (
            <p>—</p>
          )}
        </div>
        <p className="text-xs text-slate-500">{`Ordered ${formatDateTime(o.created_at)} · ${o.provider_label}`}</p>
      </div>
    </Drawer>
  );
}
