import { useNavigation } from "@remix-run/react";
import { useRef } from "react";
import type { DocumentPageData, PageDocument } from "#app/services/sales-detail.server";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { formReading, useFormAnswer, type FormReading } from "../form/form-answer";
import { DocumentFields } from "./document-fields";
import { EditorLines, ITEM_FIELDS, useLiveTotals, type LineValues } from "./editor-lines";
import { SALES_KINDS } from "./kinds";
import { penceToPoundsText } from "./totals";

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
export function Editor({ data }: { data: DocumentPageData }) {
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
