import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CONFIDENCE_QUESTIONS } from "#contract/task-constants";
import type { Activity, Task, TaskNote, TaskProduct } from "#contract/tasks";
import { formatDate, formatDateTime, formatMoney } from "#common/format";
import type { Words } from "#app/lib/labels";
import { activityFieldLabel, activityLines, activityValue, activityVerb, type ActivityLookups } from "#app/lib/task-activity";
import { DateInput } from "../form/date-input";
import { Field, FormAlert } from "../form/field";
import { FileField } from "../form/file-field";
import { NumberInput } from "../form/number-input";
import { SelectField } from "../form/select-field";
import { PipelineStageFields, type PipelineOption } from "./pipeline-stage-fields";
import { Form } from "../form/form";

/** What a refused form of the task page answered: its intent, the errors by field ("_" for the form) and what was typed. */
export interface SectionResult {
  intent: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
}

type Option = { value: string; label: string };

/** The errors and typed values of one form of the page (only when the last refused post was that form's). */
export function resultFor(result: SectionResult | null | undefined, intent: string) {
  const own = result && result.intent === intent ? result : null;
  return {
    errors: (name: string) => own?.errors[name],
    formErrors: own?.errors._,
    /** What was typed when the post was refused, else the record's value. */
    value: (name: string, current: unknown) => (own && own.values[name] !== undefined ? own.values[name] : current === null || current === undefined ? "" : String(current)),
    refused: Boolean(own),
  };
}

function useBusy(intent: string) {
  const nav = useNavigation();
  return nav.state === "submitting" && nav.formData?.get("intent") === intent;
}

export function Section({ id, title, info, children }: { id: string; title: string; info?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {info ? <p className="mt-1 text-sm text-slate-500">{info}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The task's datapoints (what else was recorded about it, by an import or the API), each by its name, in the
 * names' order (the database keeps no order of its own): read only.
 */
export function DatapointsList({ datapoints }: { datapoints: Record<string, unknown> }) {
  const shown = Object.entries(datapoints)
    .map(([key, value]) => ({ key, label: activityFieldLabel(key), text: activityValue(value) ?? "—" }))
    .sort((a, b) => a.label.localeCompare(b.label, "en-GB"));
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm" data-datapoints>
      {shown.map(({ key, label, text }) => (
        <div key={key}>
          <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-0.5 break-words">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

function Submit({ intent, label, busyLabel = "Saving…" }: { intent: string; label: string; busyLabel?: string }) {
  const busy = useBusy(intent);
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

/** A "Newer / Older" pair of links for a list of the page paged in the query string. */
export function PageLinks({ label, page, lastPage, hrefFor }: { label: string; page: number; lastPage: number; hrefFor: (page: number) => string }) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} preventScrollReset className="text-brand hover:underline">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">
        Page {page} of {lastPage}
      </span>
      {page < lastPage ? (
        <Link to={hrefFor(page + 1)} preventScrollReset className="text-brand hover:underline">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

// ---------------------------------------------------------------- update progress

export function ProgressForm({ task, pipelines, frequencies, result, accept, words }: { task: Task; pipelines: PipelineOption[]; frequencies: Option[]; result?: SectionResult | null; accept: string; words: Words }) {
  const r = resultFor(result, "progress");
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-1" key={r.refused ? "refused" : task.updated_at}>
      <FormAlert messages={r.formErrors} />
      <PipelineStageFields
        idPrefix="progress"
        pipelines={pipelines}
        pipelineId={Number(r.value("pipeline_id", task.pipeline_id)) || null}
        stageId={Number(r.value("pipeline_stage_id", task.pipeline_stage_id)) || null}
        errors={{ pipeline_id: r.errors("pipeline_id"), pipeline_stage_id: r.errors("pipeline_stage_id") }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateInput id="progress-start-date" name="expected_revenue_start_date" label="Expected revenue start date" defaultValue={r.value("expected_revenue_start_date", task.expected_revenue_start_date)} errors={r.errors("expected_revenue_start_date")} />
        <SelectField id="progress-frequency" name="payment_frequency_id" label="Payment frequency" options={frequencies} placeholder="Not set" defaultValue={r.value("payment_frequency_id", task.payment_frequency_id)} errors={r.errors("payment_frequency_id")} />
      </div>
      <NumberInput id="progress-size" name="size" label="Size" min={0} decimals={0} allowNegative={false} defaultValue={r.value("size", task.size)} errors={r.errors("size")} className="sm:w-1/2 sm:pr-1.5" />
      <div className="pb-1">
        <label htmlFor="progress-note" className="field-label">
          Note
        </label>
        <textarea id="progress-note" name="note" rows={2} maxLength={5000} defaultValue={r.value("note", "")} className="field-input" placeholder={`What happened? Without a note, the move of the ${words.task} is recorded.`} />
        <p className="field-error">{r.errors("note")?.join(" ")}</p>
      </div>
      <FileField id="progress-document" name="document" label="Document" accept={accept} help="An image, a PDF or a Word document, up to 2 MB." errors={r.errors("document")} />
      <div className="flex justify-end pt-2">
        <Submit intent="progress" label="Update progress" />
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------- confidence

export function ConfidenceForm({ task, options, result, canManage }: { task: Task; options: Record<string, Option[]>; result?: SectionResult | null; canManage: boolean }) {
  const r = resultFor(result, "confidence");
  const total = task.confidence?.total_score ?? null;
  const answers = task.confidence ? [task.confidence.revenue_timing, task.confidence.revenue_estimate, task.confidence.execution, task.confidence.client] : [];
  const totalText = (
    <p className="text-sm" data-confidence-total>
      Total score: <strong>{total === null ? "—" : `${total} / 20`}</strong>
      {total === null ? <span className="text-slate-500"> (answer all four questions)</span> : null}
    </p>
  );
  if (!canManage) {
    return (
      <>
        <dl className="space-y-2 text-sm">
          {CONFIDENCE_QUESTIONS.map((q, i) => (
            <div key={q.field}>
              <dt className="text-slate-500">{q.name}</dt>
              <dd>{answers[i] ? `${answers[i]!.name} (${answers[i]!.score})` : "—"}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3">{totalText}</div>
      </>
    );
  }
  return (
    <Form method="post" className="space-y-1" key={r.refused ? "refused" : task.updated_at}>
      <FormAlert messages={r.formErrors} />
      {CONFIDENCE_QUESTIONS.map((q) => (
        <SelectField key={q.field} id={`confidence-${q.type}`} name={q.field} label={q.name} options={options[q.field] ?? []} placeholder="Not answered" defaultValue={r.value(q.field, task[q.field])} errors={r.errors(q.field)} />
      ))}
      <div className="flex items-center justify-between gap-3 pt-2">
        {totalText}
        <Submit intent="confidence" label="Save confidence" />
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------- revenue

export function RevenueForm({ task, frequencies, result, canManage }: { task: Task; frequencies: Option[]; result?: SectionResult | null; canManage: boolean }) {
  const r = resultFor(result, "revenue");
  const frequency = frequencies.find((f) => f.value === String(task.payment_frequency_id))?.label;
  if (!canManage) {
    return (
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">Expected revenue</dt>
          <dd>{task.expected_revenue === null ? "—" : formatMoney(task.expected_revenue)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Revenue start date</dt>
          <dd>{task.expected_revenue_start_date ? formatDate(task.expected_revenue_start_date) : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Payment frequency</dt>
          <dd>{frequency ?? "—"}</dd>
        </div>
      </dl>
    );
  }
  return (
    <Form method="post" className="space-y-1" key={r.refused ? "refused" : task.updated_at}>
      <FormAlert messages={r.formErrors} />
      <NumberInput id="revenue-amount" name="expected_revenue" label="Expected revenue (£)" min={0} decimals={2} allowNegative={false} defaultValue={r.value("expected_revenue", task.expected_revenue)} errors={r.errors("expected_revenue")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateInput id="revenue-start-date" name="expected_revenue_start_date" label="Revenue start date" defaultValue={r.value("expected_revenue_start_date", task.expected_revenue_start_date)} errors={r.errors("expected_revenue_start_date")} />
        <SelectField id="revenue-frequency" name="payment_frequency_id" label="Payment frequency" options={frequencies} placeholder="Not set" defaultValue={r.value("payment_frequency_id", task.payment_frequency_id)} errors={r.errors("payment_frequency_id")} />
      </div>
      <div className="flex justify-end pt-2">
        <Submit intent="revenue" label="Save revenue" />
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------- products

export function ProductsSection({ task, products, productTypes, result, canManage }: { task: Task; products: TaskProduct[]; productTypes: Option[]; result?: SectionResult | null; canManage: boolean }) {
  const r = resultFor(result, "add-product");
  const totals = products.reduce((t, p) => ({ premium: t.premium + p.premium, commission: t.commission + p.commission }), { premium: 0, commission: 0 });
  return (
    <>
      {products.length === 0 ? (
        <p className="text-sm text-slate-500">No products yet.</p>
      ) : (
        <div className="scroll-x">
          <table className="min-w-full text-sm" aria-label="Products">
            <thead className="text-left text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Product
                </th>
                <th scope="col" className="py-2 pr-3">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3">
                  Provider
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Premium
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Commission
                </th>
                <th scope="col" className="py-2 pr-3">
                  Start date
                </th>
                {canManage ? (
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {products.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-3 font-medium">{p.name}</td>
                  <td className="py-2 pr-3">{p.product_type.name}</td>
                  <td className="py-2 pr-3">{p.provider_name ?? "—"}</td>
                  <td className="py-2 pr-3 text-right">{formatMoney(p.premium)}</td>
                  <td className="py-2 pr-3 text-right">
                    {formatMoney(p.commission)}
                    {p.commission_rate !== null ? <span className="block text-xs text-slate-500">{p.commission_rate}%</span> : null}
                  </td>
                  <td className="py-2 pr-3">{p.start_date ? formatDate(p.start_date) : "—"}</td>
                  {canManage ? (
                    <td className="py-2 text-right">
                      <Link to={`/tasks/${task.id}/products/${p.id}/delete`} preventScrollReset className="text-red-700 hover:underline" aria-label={`Remove ${p.name}`}>
                        Remove
                      </Link>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-200 font-medium">
              <tr>
                <th scope="row" colSpan={3} className="py-2 pr-3 text-left">
                  Total
                </th>
                <td className="py-2 pr-3 text-right">{formatMoney(totals.premium)}</td>
                <td className="py-2 pr-3 text-right">{formatMoney(totals.commission)}</td>
                <td colSpan={canManage ? 2 : 1} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {canManage ? (
        <details className="mt-4 rounded-md bg-slate-50 p-4" open={r.refused || undefined}>
          <summary className="cursor-pointer text-sm font-semibold">Add a product</summary>
          <Form method="post" className="mt-3 space-y-1" key={r.refused ? "refused" : `products-${products.length}-${task.updated_at}`}>
            <FormAlert messages={r.formErrors} />
            <SelectField id="product-type" name="task_product_type_id" label="Product type" required options={productTypes} placeholder="Choose a product type" defaultValue={r.value("task_product_type_id", "")} errors={r.errors("task_product_type_id")} />
            <Field id="product-name" name="name" label="Product name" required maxLength={255} defaultValue={r.value("name", "")} errors={r.errors("name")} />
            <Field id="product-provider" name="provider_name" label="Provider" maxLength={255} defaultValue={r.value("provider_name", "")} errors={r.errors("provider_name")} />
            <div className="grid gap-3 sm:grid-cols-3">
              <NumberInput id="product-premium" name="premium" label="Premium (£)" min={0} decimals={2} allowNegative={false} defaultValue={r.value("premium", "")} errors={r.errors("premium")} />
              <NumberInput id="product-commission" name="commission" label="Commission (£)" min={0} decimals={2} allowNegative={false} defaultValue={r.value("commission", "")} errors={r.errors("commission")} />
              <NumberInput id="product-rate" name="commission_rate" label="Commission rate (%)" min={0} max={100} decimals={2} allowNegative={false} defaultValue={r.value("commission_rate", "")} errors={r.errors("commission_rate")} />
            </div>
            <DateInput id="product-start" name="start_date" label="Start date" defaultValue={r.value("start_date", "")} errors={r.errors("start_date")} />
            <div className="flex justify-end pt-2">
              <Submit intent="add-product" label="Add product" busyLabel="Adding…" />
            </div>
          </Form>
        </details>
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------- notes

export function NotesSection({
  notes,
  page,
  lastPage,
  hrefFor,
  result,
  canManage,
}: {
  notes: TaskNote[];
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  result?: SectionResult | null;
  canManage: boolean;
}) {
  const r = resultFor(result, "note");
  return (
    <>
      {canManage ? (
        <Form method="post" className="mb-4" key={r.refused ? "refused" : `notes-${notes[0]?.id ?? 0}`}>
          <FormAlert messages={r.formErrors} />
          <label htmlFor="note-body" className="field-label">
            Add a note
          </label>
          <textarea id="note-body" name="body" rows={3} maxLength={10000} required defaultValue={r.value("body", "")} className="field-input" aria-invalid={r.errors("body") ? true : undefined} aria-describedby={r.errors("body") ? "note-body-error" : undefined} />
          <p id="note-body-error" className="field-error">
            {r.errors("body")?.join(" ")}
          </p>
          <div className="flex justify-end">
            <Submit intent="note" label="Add note" busyLabel="Adding…" />
          </div>
        </Form>
      ) : null}
      {notes.length === 0 ? (
        <p className="text-sm text-slate-500">No notes yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-3 text-sm" data-note>
              <p className="text-xs text-slate-500">
                {n.author?.full_name ?? "Someone"} · <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
              </p>
              {/* Plain text as written: React escapes it; line breaks kept. */}
              <p className="mt-1 whitespace-pre-wrap break-words">{n.body}</p>
              {n.documents.length ? (
                <ul className="mt-2 space-y-1">
                  {n.documents.map((d) => (
                    <li key={d.id}>
                      <a href={d.url} target="_blank" rel="noreferrer" className="text-brand underline">
                        {d.filename}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PageLinks label="Notes" page={page} lastPage={lastPage} hrefFor={hrefFor} />
    </>
  );
}

// ---------------------------------------------------------------- activity

export function ActivitySection({
  entries,
  page,
  lastPage,
  hrefFor,
  words,
  lookups,
}: {
  entries: Activity[];
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  words: Words;
  lookups: ActivityLookups;
}) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">Nothing has happened yet.</p>;
  return (
    <>
      <ol className="space-y-3" aria-label="Activity">
        {entries.map((e) => {
          const lines = activityLines(e.changes, lookups);
          return (
            <li key={e.id} className="border-l-2 border-slate-200 pl-3 text-sm" data-activity={e.action}>
              <p>
                <time dateTime={e.created_at} className="mr-2 text-xs text-slate-500">
                  {formatDateTime(e.created_at)}
                </time>
                <strong>{e.user?.full_name ?? "Someone"}</strong> {activityVerb(e.action, e.changes, words)}
              </p>
              {lines.length ? (
                <ul className="mt-1 space-y-0.5 text-slate-600">
                  {lines.map((l) => (
                    <li key={l.field}>
                      <span className="text-slate-500">{l.field}:</span> {l.from === null ? l.to : `${l.from} → ${l.to ?? "—"}`}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      <PageLinks label="Activity" page={page} lastPage={lastPage} hrefFor={hrefFor} />
    </>
  );
}
