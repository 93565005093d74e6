import { formatPence } from "#common/pence";

/** A document's subtotal, VAT (by rate when there are several) and total. */
export function Sums({ subtotal, vat, total, byRate }: { subtotal: number; vat: number; total: number; byRate?: { rate: number; vat_pence: number }[] }) {
  return (
    <dl className="ml-auto grid w-64 grid-cols-2 gap-y-1 text-sm" aria-label="Totals">
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="text-right tabular-nums" data-sum="subtotal">
        {formatPence(subtotal)}
      </dd>
      {byRate && byRate.length > 1
        ? byRate.map((r) => (
            <div key={r.rate} className="contents">
              <dt className="text-slate-500">{`VAT at ${r.rate}%`}</dt>
              <dd className="text-right tabular-nums text-slate-500">{formatPence(r.vat_pence)}</dd>
            </div>
          ))
        : null}
      <dt className="text-slate-600">VAT</dt>
      <dd className="text-right tabular-nums" data-sum="vat">
        {formatPence(vat)}
      </dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums" data-sum="total">
        {formatPence(total)}
      </dd>
    </dl>
  );
}
