import { useEffect } from "react";
import { formatPence } from "#common/pence";
import type { FormReading } from "../form/form-answer";
import { VAT_RATE_OPTIONS } from "./document-options";
import { Sums } from "./document-sums";
import { typedTotals } from "./totals";

export const ITEM_FIELDS = ["description", "quantity", "unit_price", "vat_rate", "account_code", "product_id"] as const;
export type LineValues = Record<(typeof ITEM_FIELDS)[number], string>;

/** Reads the editor's lines from the form as typed (JavaScript: the live totals). */
function typedLines(form: HTMLFormElement): LineValues[] {
  const data = new FormData(form);
  const count = Number(data.get("lines")) || 0;
  return Array.from({ length: count }, (_, i) => Object.fromEntries(ITEM_FIELDS.map((f) => [f, String(data.get(`items.${i}.${f}`) ?? "")])) as LineValues);
}

/** With JavaScript: the line totals and the document's totals follow what is typed, by the same money rules. */
export function useLiveTotals(form: React.RefObject<HTMLFormElement>) {
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const update = () => {
      const { lines, totals } = typedTotals(typedLines(el));
      lines.forEach((pence, i) => {
        const cell = el.querySelector(`[data-line-total="${i}"]`);
        if (cell) cell.textContent = pence === null ? "—" : formatPence(pence);
      });
      const set = (name: string, pence: number) => {
        const cell = el.querySelector(`[data-sum="${name}"]`);
        if (cell) cell.textContent = formatPence(pence);
      };
      set("subtotal", totals.subtotalPence);
      set("vat", totals.vatPence);
      set("total", totals.totalPence);
      el.dataset.liveTotals = "on";
    };
    el.addEventListener("input", update);
    el.addEventListener("change", update);
    update();
    return () => {
      el.removeEventListener("input", update);
      el.removeEventListener("change", update);
    };
  });
}

const cellInput = "block w-full rounded-md border border-slate-300 px-2 py-1 text-sm";

function LineError({ reading, name }: { reading: FormReading; name: string }) {
  const errors = reading.err(name);
  return errors ? (
    <p id={`${name}-error`} className="field-error">
      {errors.join(" ")}
    </p>
  ) : null;
}

/** The item lines as inputs: each with its Remove button; Add line below; the totals worked out from them. */
export function EditorLines({ lines, reading }: { lines: LineValues[]; reading: FormReading }) {
  const { lines: lineTotals, totals } = typedTotals(lines);
  return (
    <div className="overflow-x-auto">
      <input type="hidden" name="lines" value={lines.length} />
      <table className="min-w-full text-sm" aria-label="Items">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th className="py-2 pr-2">Description</th>
            <th className="w-24 py-2 pr-2">Quantity</th>
            <th className="w-32 py-2 pr-2">Unit price (£)</th>
            <th className="w-24 py-2 pr-2">VAT</th>
            <th className="w-28 py-2 pr-2">Account code</th>
            <th className="w-28 py-2 pr-2 text-right">Total</th>
            <th className="py-2">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const name = (f: string) => `items.${i}.${f}`;
            const aria = (f: string) => (reading.err(name(f)) ? { "aria-invalid": true, "aria-describedby": `${name(f)}-error` } : {});
            return (
              <tr key={i} className="align-top" data-line={i}>
                <td className="py-1 pr-2">
                  <label className="sr-only" htmlFor={name("description")}>{`Item ${i + 1} description`}</label>
                  <input
                    id={name("description")}
                    name={name("description")}
                    defaultValue={line.description}
                    maxLength={1000}
                    className={cellInput}
                    {...aria("description")}
                  />
                  <LineError reading={reading} name={name("description")} />
                  <input type="hidden" name={name("product_id")} value={line.product_id} />
                </td>
                <td className="py-1 pr-2">
                  <label className="sr-only" htmlFor={name("quantity")}>{`Item ${i + 1} quantity`}</label>
                  <input
                    id={name("quantity")}
                    name={name("quantity")}
                    defaultValue={line.quantity}
                    inputMode="decimal"
                    className={cellInput}
                    {...aria("quantity")}
                  />
                  <LineError reading={reading} name={name("quantity")} />
                </td>
                <td className="py-1 pr-2">
                  <label className="sr-only" htmlFor={name("unit_price")}>{`Item ${i + 1} unit price`}</label>
                  <input
                    id={name("unit_price")}
                    name={name("unit_price")}
                    defaultValue={line.unit_price}
                    inputMode="decimal"
                    className={cellInput}
                    {...aria("unit_price")}
                  />
                  <LineError reading={reading} name={name("unit_price")} />
                </td>
                <td className="py-1 pr-2">
                  <label className="sr-only" htmlFor={name("vat_rate")}>{`Item ${i + 1} VAT rate`}</label>
                  <select id={name("vat_rate")} name={name("vat_rate")} defaultValue={line.vat_rate || "20"} className={cellInput} {...aria("vat_rate")}>
                    {VAT_RATE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                  <LineError reading={reading} name={name("vat_rate")} />
                </td>
                <td className="py-1 pr-2">
                  <label className="sr-only" htmlFor={name("account_code")}>{`Item ${i + 1} account code`}</label>
                  <input
                    id={name("account_code")}
                    name={name("account_code")}
                    defaultValue={line.account_code}
                    maxLength={20}
                    className={cellInput}
                    {...aria("account_code")}
                  />
                  <LineError reading={reading} name={name("account_code")} />
                </td>
                <td className="py-2 pr-2 text-right tabular-nums" data-line-total={i}>
                  {lineTotals[i] === null ? "—" : formatPence(lineTotals[i]!)}
                </td>
                <td className="py-1">
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-line-${i}`}
                    className="btn-secondary px-2 py-1 text-xs"
                    aria-label={`Remove item ${i + 1}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {lines.length === 0 ? <p className="py-3 text-sm text-slate-500">No items yet: add a line.</p> : null}
      <p className="field-error">{reading.err("items")?.join(" ")}</p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <button type="submit" name="intent" value="add-line" className="btn-secondary">
          Add line
        </button>
        <Sums subtotal={totals.subtotalPence} vat={totals.vatPence} total={totals.totalPence} />
      </div>
    </div>
  );
}
