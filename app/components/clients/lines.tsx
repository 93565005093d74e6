import { Link, useNavigation } from "@remix-run/react";
import type { Line } from "#contract/clients";
import { MAX_SPLITS, splitField } from "#app/lib/client-forms";
import { formatDate, formatMoney } from "#common/format";
import { DateInput } from "../form/date-input";
import { Field, FormAlert } from "../form/field";
import { NumberInput } from "../form/number-input";
import { SelectField } from "../form/select-field";
import type { FormState } from "./client-form";
import { Form } from "../form/form";

const PARTY_LABELS: Record<string, string> = { broker: "Broker", introducer: "Introducer", network: "Network", adviser: "Adviser" };
export const partyLabel = (t: string) => PARTY_LABELS[t] ?? t;

export interface LineSummary {
  lines: Line[];
  parties: { party: string; party_type: string; amount: string }[];
  total_premium: string;
  unallocated_amount: string;
}

/** The lines of business of a company with their commission splits, and what each party gets over all lines. */
export function LinesPanel({ summary, basePath, canManage }: { summary: LineSummary; basePath: string; canManage: boolean }) {
  if (summary.lines.length === 0) return <p className="text-sm text-slate-500">No lines of business yet.</p>;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs uppercase tracking-wide text-slate-500">Total premium</dt>
          <dd className="text-lg font-semibold">{formatMoney(summary.total_premium)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs uppercase tracking-wide text-slate-500">Not allocated</dt>
          <dd className="text-lg font-semibold">{formatMoney(summary.unallocated_amount)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs uppercase tracking-wide text-slate-500">Lines</dt>
          <dd className="text-lg font-semibold">{summary.lines.length}</dd>
        </div>
      </dl>
      <ul className="space-y-3" data-lines>
        {summary.lines.map((l) => (
          <li key={l.id} className="rounded-md border border-slate-200 p-4" data-line={l.id}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-medium">{l.line_type}</h3>
                <p className="text-sm text-slate-600">
                  {[l.insurer, `${formatMoney(l.premium)} a year`, l.renewal_date ? `renews ${formatDate(l.renewal_date)}` : null].filter(Boolean).join(" · ")}
                </p>
              </div>
              {canManage ? (
                <div className="flex gap-2">
                  <Link
                    to={`${basePath}/lines/${l.id}/edit?tab=lines`}
                    className="btn-secondary px-2 py-1 text-xs"
                    preventScrollReset
                    aria-label={`Edit ${l.line_type}`}
                  >
                    Edit
                  </Link>
                  <Link
                    to={`${basePath}/lines/${l.id}/delete?tab=lines`}
                    className="btn-secondary px-2 py-1 text-xs text-red-700"
                    preventScrollReset
                    aria-label={`Delete ${l.line_type}`}
                  >
                    Delete
                  </Link>
                </div>
              ) : null}
            </div>
            {l.splits.length ? (
              <table className="mt-3 min-w-full text-sm">
                <caption className="sr-only">{`Commission split of ${l.line_type}`}</caption>
                <thead>
                  <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
                    <th scope="col" className="py-1 pr-4">
                      Party
                    </th>
                    <th scope="col" className="py-1 pr-4">
                      Role
                    </th>
                    <th scope="col" className="py-1 pr-4 text-right">
                      Share
                    </th>
                    <th scope="col" className="py-1 text-right">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {l.splits.map((s) => (
                    <tr key={s.id}>
                      <td className="py-1 pr-4">{s.party}</td>
                      <td className="py-1 pr-4">{partyLabel(s.party_type)}</td>
                      <td className="py-1 pr-4 text-right">{`${Number(s.percentage)}%`}</td>
                      <td className="py-1 text-right">{formatMoney(s.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="mt-2 text-sm text-slate-500">Not split.</p>
            )}
            <p className="mt-2 text-xs text-slate-500">{`${Number(l.allocated_percentage)}% allocated`}</p>
          </li>
        ))}
      </ul>
      {summary.parties.length ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold">By party, over all lines</h3>
          <table className="min-w-full text-sm">
            <caption className="sr-only">Commission by party</caption>
            <tbody className="divide-y divide-slate-100">
              {summary.parties.map((p) => (
                <tr key={`${p.party}-${p.party_type}`}>
                  <td className="py-1 pr-4">{p.party}</td>
                  <td className="py-1 pr-4 text-slate-500">{partyLabel(p.party_type)}</td>
                  <td className="py-1 text-right">{formatMoney(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

const splitName = splitField;

/** The add and edit form of a line: type, insurer, premium, renewal date and up to 10 split rows (empty rows are ignored). */
export function LineForm({
  line,
  lineTypes,
  partyTypes,
  state,
  cancelTo,
}: {
  line?: Line | null;
  lineTypes: readonly string[];
  partyTypes: readonly string[];
  state: FormState;
  cancelTo: string;
}) {
  const saving = useNavigation().state === "submitting";
  const splits = line?.splits ?? [];
  const typedRows = Array.from({ length: MAX_SPLITS }, (_, i) => i).filter(
    (i) => state.value(splitName(i, "party"), "") !== "" || state.value(splitName(i, "percentage"), "") !== "",
  );
  const rows = Math.min(MAX_SPLITS, Math.max(splits.length + 2, 3, (typedRows.at(-1) ?? -1) + 2));
  const known = [
    "line_type",
    "insurer",
    "premium",
    "renewal_date",
    "splits",
    ...Array.from({ length: MAX_SPLITS }, (_, i) => (["party", "party_type", "percentage"] as const).map((n) => splitName(i, n))).flat(),
  ];
  return (
    <Form method="post" className="space-y-1" noValidate>
      <FormAlert messages={state.message ? [state.message, ...state.others(known)] : null} />
      <SelectField
        id="line-type"
        name="line_type"
        label="Line of business"
        required
        options={lineTypes.map((t) => ({ value: t, label: t }))}
        placeholder="Choose…"
        defaultValue={state.value("line_type", line?.line_type)}
        errors={state.errors("line_type")}
      />
      <Field
        id="line-insurer"
        name="insurer"
        label="Insurer"
        maxLength={255}
        defaultValue={state.value("insurer", line?.insurer)}
        errors={state.errors("insurer")}
      />
      <div className="grid grid-cols-2 gap-3">
        <NumberInput
          id="line-premium"
          name="premium"
          label="Annual premium (£)"
          min={0}
          decimals={2}
          allowNegative={false}
          defaultValue={state.value("premium", line?.premium)}
          errors={state.errors("premium")}
        />
        <DateInput
          id="line-renewal"
          name="renewal_date"
          label="Renewal date"
          defaultValue={state.value("renewal_date", line?.renewal_date)}
          errors={state.errors("renewal_date")}
        />
      </div>
      <fieldset className="pb-2">
        <legend className="field-label">Commission split</legend>
        <p className="mb-2 text-xs text-slate-500">Shares add up to 100% at most; leave a row empty to leave it out.</p>
        <div className="space-y-2">
          {Array.from({ length: rows }, (_, i) => {
            const s = splits[i];
            const rowErrors = [state.errors(splitName(i, "party")), state.errors(splitName(i, "party_type")), state.errors(splitName(i, "percentage"))]
              .flat()
              .filter(Boolean) as string[];
            return (
              <div key={i} data-split-row={i}>
                <div className="grid grid-cols-[1fr_9rem_6rem] gap-2">
                  <input
                    aria-label={`Party ${i + 1}`}
                    name={splitName(i, "party")}
                    maxLength={255}
                    defaultValue={state.value(splitName(i, "party"), s?.party)}
                    placeholder="Party"
                    className="field-input mt-0"
                    aria-invalid={state.errors(splitName(i, "party")) ? true : undefined}
                  />
                  <select
                    aria-label={`Role of party ${i + 1}`}
                    name={splitName(i, "party_type")}
                    defaultValue={state.value(splitName(i, "party_type"), s?.party_type ?? "broker") || "broker"}
                    className="field-input mt-0"
                  >
                    {partyTypes.map((t) => (
                      <option key={t} value={t}>
                        {partyLabel(t)}
                      </option>
                    ))}
                  </select>
                  <input
                    aria-label={`Share of party ${i + 1} (%)`}
                    name={splitName(i, "percentage")}
                    inputMode="decimal"
                    maxLength={6}
                    defaultValue={state.value(splitName(i, "percentage"), s ? Number(s.percentage) : "")}
                    placeholder="%"
                    className="field-input mt-0"
                    aria-invalid={state.errors(splitName(i, "percentage")) ? true : undefined}
                  />
                </div>
                {rowErrors.length ? <p className="field-error">{rowErrors.join(" ")}</p> : null}
              </div>
            );
          })}
        </div>
        <p className="field-error">{state.errors("splits")?.join(" ")}</p>
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save line"}
        </button>
      </div>
    </Form>
  );
}
