import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { formatDate, formatDateTime } from "#common/format";
import { formatPence } from "#common/pence";
import type { DocumentPageData, PageDocument } from "#app/services/sales-detail.server";
import { PageHeader } from "../frame/page-header";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormAnswer } from "../form/form-answer";
import { DocumentFields, formReading, type FormReading } from "./document-fields";
import { PAYMENT_METHOD_OPTIONS, VAT_RATE_OPTIONS } from "./document-options";
import { SALES_KINDS, type SalesKindInfo } from "./kinds";
import { SalesStatusBadge } from "./status-badge";
import { penceToPoundsText, typedTotals } from "./totals";

const ITEM_FIELDS = ["description", "quantity", "unit_price", "vat_rate", "account_code", "product_id"] as const;
type LineValues = Record<(typeof ITEM_FIELDS)[number], string>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

/** The lines the editor shows: what was typed (after Add line, Remove or a refused Save), else the saved items. */
function editorLines(doc: PageDocument, reading: FormReading): LineValues[] {
  if (reading.answered) {
    const count = Number(reading.value("lines", "")) || 0;
    return Array.from({ length: count }, (_, i) => Object.fromEntries(ITEM_FIELDS.map((f) => [f, reading.value(`items.${i}.${f}`, "")])) as LineValues);
  }
  return doc.items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unit_price: penceToPoundsText(item.unit_price_pence),
    vat_rate: String(item.vat_rate),
    account_code: item.account_code ?? "",
    product_id: item.product ? String(item.product.id) : "",
  }));
}

/** Reads the editor's lines from the form as typed (JavaScript: the live totals). */
function typedLines(form: HTMLFormElement): LineValues[] {
  const data = new FormData(form);
  const count = Number(data.get("lines")) || 0;
  return Array.from({ length: count }, (_, i) => Object.fromEntries(ITEM_FIELDS.map((f) => [f, String(data.get(`items.${i}.${f}`) ?? "")])) as LineValues);
}

/** With JavaScript: the line totals and the document's totals follow what is typed, by the same money rules. */
function useLiveTotals(form: React.RefObject<HTMLFormElement>) {
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
function EditorLines({ lines, reading }: { lines: LineValues[]; reading: FormReading }) {
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

function Sums({ subtotal, vat, total, byRate }: { subtotal: number; vat: number; total: number; byRate?: { rate: number; vat_pence: number }[] }) {
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

function TextArea({ id, name, label, value, errors, rows = 3 }: { id: string; name: string; label: string; value: string; errors?: string[]; rows?: number }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea id={id} name={name} rows={rows} defaultValue={value} className="field-input" aria-invalid={errors ? true : undefined} />
      <p className="field-error">{errors?.join(" ")}</p>
    </div>
  );
}

/** The editor of a draft (or a sent quote): client, task, dates, reference, item lines, notes and terms. */
function Editor({ data }: { data: DocumentPageData }) {
  const { doc, kind, choices, client } = data;
  const answer = useFormAnswer("editor");
  const reading = formReading(answer?.form.result);
  const lines = editorLines(doc, reading);
  const form = useRef<HTMLFormElement>(null);
  useLiveTotals(form);
  const saving = useNavigation().state === "submitting";
  // A refused save or a line added keeps what was typed: the form is drawn again from the answer.
  const version = answer ? JSON.stringify(answer.form.result.initialValue ?? {}).length + lines.length : doc.updated_at;
  return (
    <Form method="post" ref={form} key={String(version)} className="space-y-4" aria-label={`Edit ${SALES_KINDS[kind].noun}`} data-editor>
      {/* Enter in a field saves (the first submit button of the form). */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <FormAlert messages={reading.top} />
      {choices ? (
        <DocumentFields
          kind={kind}
          reading={reading}
          choices={choices}
          found={answer?.found}
          saved={{
            individual_id: doc.client.type === "individual" ? doc.client.id : null,
            company_id: doc.client.type === "company" ? doc.client.id : null,
            client,
            task_id: doc.task?.id ?? null,
            issue_date: doc.issue_date,
            due_date: doc.due_date,
            reference: doc.reference,
          }}
          canReadIndividuals={data.canReadIndividuals}
          canReadCompanies={data.canReadCompanies}
        />
      ) : null}
      <section aria-label="Items">
        <h2 className="mb-2 text-base font-semibold">Items</h2>
        <EditorLines lines={lines} reading={reading} />
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <TextArea id={`${kind}-notes`} name="notes" label="Notes" value={reading.value("notes", doc.notes)} errors={reading.err("notes")} />
        <TextArea
          id={`${kind}-terms`}
          name="terms_and_conditions"
          label="Terms and conditions"
          value={reading.value("terms_and_conditions", doc.terms_and_conditions)}
          errors={reading.err("terms_and_conditions")}
        />
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
          {saving ? "Saving…" : `Save ${SALES_KINDS[kind].noun}`}
        </button>
      </div>
    </Form>
  );
}

/** A document that can no longer change (or a user who may not change it): what it says. */
function ReadOnly({ doc }: { doc: PageDocument }) {
  return (
    <div className="space-y-4">
      <table className="min-w-full text-sm" aria-label="Items">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th className="py-2 pr-2">Description</th>
            <th className="py-2 pr-2 text-right">Quantity</th>
            <th className="py-2 pr-2 text-right">Unit price</th>
            <th className="py-2 pr-2 text-right">VAT</th>
            <th className="py-2 pr-2">Account code</th>
            <th className="py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {doc.items.map((item) => (
            <tr key={item.id} className="border-t border-slate-100">
              <td className="py-2 pr-2">{item.description}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{item.quantity}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{formatPence(item.unit_price_pence)}</td>
              <td className="py-2 pr-2 text-right">{`${item.vat_rate}%`}</td>
              <td className="py-2 pr-2">{item.account_code ?? "—"}</td>
              <td className="py-2 text-right tabular-nums">{formatPence(item.total_pence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {doc.items.length === 0 ? <p className="text-sm text-slate-500">No items.</p> : null}
      <Sums subtotal={doc.subtotal_pence} vat={doc.vat_pence} total={doc.total_pence} byRate={doc.vat_breakdown} />
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">Notes</h3>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{doc.notes ?? "—"}</p>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Terms and conditions</h3>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{doc.terms_and_conditions ?? "—"}</p>
        </div>
      </div>
    </div>
  );
}

function ActionButton({ intent, children, primary }: { intent: string; children: ReactNode; primary?: boolean }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={primary ? "btn-primary" : "btn-secondary"}>
        {children}
      </button>
    </Form>
  );
}

/** The status actions the document's status allows (the API checks again). */
function Actions({ data, k }: { data: DocumentPageData; k: SalesKindInfo }) {
  const { allowed, canManage, canDelete, canConvert, kind, doc } = data;
  const { search } = useLocation();
  const confirmHref = (what: string) => {
    const params = new URLSearchParams(search);
    params.set("confirm", what);
    return `?${params}`;
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-actions>
      {canManage && allowed.send ? (
        <ActionButton intent="send" primary>
          {doc.status === "draft" ? "Send by e-mail" : "Send again"}
        </ActionButton>
      ) : null}
      {canManage && allowed.markSent ? <ActionButton intent="mark-sent">Mark as sent</ActionButton> : null}
      {canManage && allowed.markApproved ? <ActionButton intent="mark-approved">Mark as approved</ActionButton> : null}
      {canManage && allowed.recalculate ? <ActionButton intent="recalculate">Recalculate</ActionButton> : null}
      {canManage && canConvert && allowed.convert ? <ActionButton intent="convert">Convert to invoice</ActionButton> : null}
      {canManage && allowed.cancel ? (
        <Link to={confirmHref("cancel")} className="btn-secondary text-red-700" preventScrollReset>
          {`Cancel ${k.noun}`}
        </Link>
      ) : null}
      {canDelete && allowed.remove ? (
        <Link to={confirmHref("delete")} className="btn-secondary text-red-700" preventScrollReset>
          Delete draft
        </Link>
      ) : null}
      <Link to={k.summary(doc.id)} className="btn-secondary">
        {kind === "quote" ? "Quote summary" : "Invoice summary"}
      </Link>
    </div>
  );
}

/** The confirmation of a cancel or a delete, drawn on the page (`?confirm=`), so it works without JavaScript. */
function Confirmation({ what, k, doc }: { what: "cancel" | "delete"; k: SalesKindInfo; doc: PageDocument }) {
  const { pathname } = useLocation();
  return (
    <div role="alertdialog" aria-labelledby="confirm-title" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-4" data-confirm>
      <h2 id="confirm-title" className="font-semibold text-red-900">
        {what === "delete" ? `Delete this draft ${k.noun}?` : `Cancel ${k.noun} ${doc.number_label}?`}
      </h2>
      <p className="mt-1 text-sm text-red-900">
        {what === "delete"
          ? `Are you sure you want to delete this draft ${k.noun}? It cannot be brought back.`
          : `Are you sure you want to cancel this ${k.noun}? It keeps its number and can no longer be changed.`}
      </p>
      <Form method="post" className="mt-3 flex gap-2">
        <input type="hidden" name="intent" value={what} />
        <Link to={pathname} className="btn-secondary" preventScrollReset>
          Back
        </Link>
        <button type="submit" className="btn bg-red-600 text-white hover:bg-red-700">
          {what === "delete" ? "Delete" : `Cancel ${k.noun}`}
        </button>
      </Form>
    </div>
  );
}

/** An invoice's paid status: paid on a date by a method, or back to unpaid. */
function PaidStatus({ data }: { data: DocumentPageData }) {
  const { doc, allowed, canManage, today } = data;
  const answer = useFormAnswer("paid");
  const reading = formReading(answer?.form.result);
  if (doc.status === "paid") {
    return (
      <section aria-label="Paid status" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-base font-semibold">Paid</h2>
        <p className="mt-1 text-sm" data-paid>
          {`Paid on ${doc.paid_on ? formatDate(doc.paid_on) : "—"} by ${PAYMENT_METHOD_OPTIONS.find((m) => m.value === doc.payment_method)?.label ?? doc.payment_method ?? "—"}.`}
        </p>
        <FormAlert messages={reading.top} />
        {canManage && allowed.unpaid ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="paid" />
            <input type="hidden" name="paid" value="false" />
            <button type="submit" className="btn-secondary">
              Mark as unpaid
            </button>
          </Form>
        ) : null}
      </section>
    );
  }
  if (!canManage || !allowed.paid) return null;
  return (
    <section aria-label="Paid status" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold">Record the payment</h2>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-3" aria-label="Mark as paid">
        <input type="hidden" name="intent" value="paid" />
        <input type="hidden" name="paid" value="true" />
        <div className="w-full">
          <FormAlert messages={reading.top} />
        </div>
        <div>
          <label htmlFor="paid-on" className="field-label">
            Paid on
          </label>
          <input id="paid-on" name="paid_on" type="date" max={today} defaultValue={reading.value("paid_on", today)} className="field-input" />
          <p className="field-error">{reading.err("paid_on")?.join(" ")}</p>
        </div>
        <div>
          <label htmlFor="payment-method" className="field-label">
            Method
          </label>
          <select id="payment-method" name="payment_method" defaultValue={reading.value("payment_method", "")} className="field-input">
            <option value="">Choose…</option>
            {PAYMENT_METHOD_OPTIONS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
          <p className="field-error">{reading.err("payment_method")?.join(" ")}</p>
        </div>
        <div className="pb-5">
          <button type="submit" className="btn-primary">
            Mark as paid
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The document's attachments: downloaded through the portal; added and removed while it may change. */
function Attachments({ data, k }: { data: DocumentPageData; k: SalesKindInfo }) {
  const { doc, editing } = data;
  const answer = useFormAnswer("files");
  const reading = formReading(answer?.form.result);
  return (
    <section aria-label="Documents" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold">Documents</h2>
      <FormAlert messages={reading.top} />
      {doc.documents.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {doc.documents.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 py-2">
              <a href={`${k.portal}/${doc.id}/documents/${f.id}`} className="text-brand hover:underline" download>
                {f.filename}
              </a>
              <span className="text-xs text-slate-500">{`${Math.max(1, Math.round(f.size / 1024))} KB · ${formatDateTime(f.created_at)}`}</span>
              {editing ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-document" />
                  <input type="hidden" name="document_id" value={f.id} />
                  <button type="submit" className="text-xs text-red-700 underline" aria-label={`Remove ${f.filename}`}>
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No documents attached.</p>
      )}
      {editing ? (
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor="attach-document" className="field-label">
              Attach a document
            </label>
            <input id="attach-document" name="document" type="file" accept=".pdf,.doc,.docx,.xls,.xlsx,.csv,.txt,image/*" className="text-sm" />
            <p className="field-error">{reading.err("document")?.join(" ")}</p>
          </div>
          <div className="pb-5">
            <button type="submit" className="btn-secondary">
              Attach
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

/** A quote's or an invoice's page: its status and actions, its editor (or what it says), paid status and documents. */
export function DocumentPage({ companyName }: { companyName: string }) {
  const data = useLoaderData<DocumentPageData>();
  const { doc, kind, editing, confirm } = data;
  const k = SALES_KINDS[kind];
  const actionsAnswer = useFormAnswer("actions");
  const refused = actionsAnswer?.form.result.error?.[""] ?? undefined;
  return (
    <>
      <PageHeader
        companyName={companyName}
        title={`${k.Noun} ${doc.number_label}`}
        backTo={k.portal}
        info={
          kind === "quote"
            ? "A quote: its client, items and totals; send it, and convert it to an invoice once approved."
            : "An invoice: its client, items and totals; send it and record its payment."
        }
        actions={<SalesStatusBadge status={doc.status} />}
      />
      {refused ? (
        <div className="mb-4">
          <FormAlert messages={refused} />
        </div>
      ) : null}
      {confirm ? <Confirmation what={confirm} k={k} doc={doc} /> : null}
      <section aria-label={`${k.Noun} details`} className="mb-6 space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <Actions data={data} k={k} />
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-document-summary>
          <Fact label="Status">
            <SalesStatusBadge status={doc.status} />
          </Fact>
          <Fact label="Client">
            <Link to={doc.client.type === "individual" ? `/individual/${doc.client.id}` : `/company/${doc.client.id}`} className="hover:underline">
              {doc.client.name}
            </Link>
            <span className="block text-xs text-slate-500">{doc.client.email ?? "No e-mail address"}</span>
          </Fact>
          <Fact label="Task">
            {doc.task ? (
              <Link to={`/tasks/${doc.task.id}`} className="hover:underline">
                {doc.task.name}
              </Link>
            ) : (
              "—"
            )}
          </Fact>
          <Fact label="Date">{formatDate(doc.issue_date)}</Fact>
          <Fact label={kind === "quote" ? "Valid until" : "Due"}>{doc.due_date ? formatDate(doc.due_date) : "—"}</Fact>
          <Fact label="Total">
            <span data-document-total>{formatPence(doc.total_pence)}</span>
          </Fact>
          <Fact label="Reference">{doc.reference ?? "—"}</Fact>
          <Fact label="Created">{formatDateTime(doc.created_at)}</Fact>
          <Fact label="Sent">{doc.sent_at ? `${formatDateTime(doc.sent_at)}${doc.sent_by === "email" ? " by e-mail" : " (marked)"}` : "—"}</Fact>
          {kind === "quote" ? (
            <Fact label="Approved">{doc.approved_at ? `${formatDateTime(doc.approved_at)}${doc.approved_by === "client" ? " by the client" : ""}` : "—"}</Fact>
          ) : null}
          {doc.converted_invoice ? (
            <Fact label="Invoice">
              <Link to={`/invoices/${doc.converted_invoice.id}`} className="text-brand hover:underline">
                {doc.converted_invoice.number ?? "Draft invoice"}
              </Link>
            </Fact>
          ) : null}
          {doc.source_quote ? (
            <Fact label="From quote">
              <Link to={`/quotes/${doc.source_quote.id}`} className="text-brand hover:underline">
                {doc.source_quote.number ?? "Quote"}
              </Link>
            </Fact>
          ) : null}
          {doc.cancelled_at ? <Fact label="Cancelled">{formatDateTime(doc.cancelled_at)}</Fact> : null}
        </dl>
      </section>
      <div className="space-y-6">
        {kind === "invoice" ? <PaidStatus data={data} /> : null}
        <section aria-label={editing ? `Edit ${k.noun}` : "Items"} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {editing ? <Editor data={data} /> : <ReadOnly doc={doc} />}
        </section>
        <Attachments data={data} k={k} />
      </div>
    </>
  );
}
