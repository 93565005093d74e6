import type { BdxFieldData, BdxPreview, BdxUpload } from "#contract/bdx";
import { BDX_FIELDS } from "#contract/bdx-constants";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { formReading, useFormAnswer, type FormAnswer } from "../form/form-answer";
import { Alert } from "../ui/alert";
import { MONTHS } from "./bdx-import";

/** The map step's answer to Preview: the form as it was sent, and the rows as they would be imported. */
export type PreviewAnswer = FormAnswer & { preview?: BdxPreview };

/**
 * The map step: a saved map or a new one, the declaration month and year, each policy field's column with examples
 * and suggestions. Its Preview and Import buttons are its two intents; either answer keeps what was chosen.
 */
export function MapStep({ upload, fields, canManage }: { upload: BdxUpload; fields: BdxFieldData; canManage: boolean }) {
  const previewed = useFormAnswer("preview") as PreviewAnswer | undefined;
  const imported = useFormAnswer("import");
  const reading = formReading((previewed ?? imported)?.form.result);
  const matching = fields.mapOptions.find((m) => m.mapId === fields.matchingMapId);
  const now = new Date();
  const column = (key: string) => reading.value(`map.${key}`, fields.autoMatchedFields[key] ?? "");
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        <strong>{upload.file_name}</strong>: {upload.row_count} rows, {upload.file_type.toUpperCase()}
        {upload.encoding ? ` (${upload.encoding})` : ""}.
      </p>
      {matching ? (
        <Alert tone="success" role="status">
          The saved map “{matching.name}” fits this file’s columns: it is chosen below, so you can import without mapping again.
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" key={upload.id}>
        <input type="hidden" name="upload_id" value={upload.id} />
        <FormAlert messages={reading.top} />
        <fieldset className="grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-semibold">Map and declaration</legend>
          <div>
            <label htmlFor="bdx-map" className="field-label">
              Map
            </label>
            <select
              id="bdx-map"
              name="map_id"
              defaultValue={reading.value("map_id", matching ? matching.mapId : "")}
              className="field-input"
              aria-describedby="bdx-map-error"
            >
              <option value="">New map (choose the columns below)</option>
              {fields.mapOptions.map((m) => (
                <option key={m.mapId} value={m.mapId}>
                  {m.name}
                </option>
              ))}
            </select>
            <p id="bdx-map-error" className="field-error">
              {reading.err("map_id")?.join(" ")}
            </p>
          </div>
          <div>
            <label htmlFor="bdx-month" className="field-label">
              Declaration month
            </label>
            <select
              id="bdx-month"
              name="declaration_month"
              defaultValue={reading.value("declaration_month", now.getMonth() + 1)}
              className="field-input"
              aria-describedby="bdx-month-error"
            >
              {MONTHS.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </select>
            <p id="bdx-month-error" className="field-error">
              {reading.err("declaration_month")?.join(" ")}
            </p>
          </div>
          <div>
            <label htmlFor="bdx-year" className="field-label">
              Declaration year
            </label>
            <input
              id="bdx-year"
              name="declaration_year"
              inputMode="numeric"
              defaultValue={reading.value("declaration_year", now.getFullYear())}
              className="field-input"
              aria-describedby="bdx-year-error"
            />
            <p id="bdx-year-error" className="field-error">
              {reading.err("declaration_year")?.join(" ")}
            </p>
          </div>
        </fieldset>
        <fieldset className="max-w-4xl">
          <legend className="mb-1 text-lg font-semibold">Columns of the file</legend>
          <p className="mb-3 text-sm text-slate-600">
            For a new map: the column of the file that fills each policy field. Suggestions are chosen already; a saved map chosen above is used as it is.
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Policy field</th>
                <th scope="col">Column of the file</th>
                <th scope="col">Example values</th>
              </tr>
            </thead>
            <tbody>
              {fields.fields.map((f) => {
                const chosen = column(f.key);
                const error = reading.err(`map.${f.key}`);
                return (
                  <tr key={f.key} className="border-t border-slate-200 align-top">
                    <td className="py-2">
                      <label htmlFor={`bdx-map-${f.key}`}>
                        {f.label}
                        {f.required ? (
                          <span aria-hidden="true" className="ml-0.5 text-red-600">
                            *
                          </span>
                        ) : null}
                      </label>
                    </td>
                    <td className="py-1">
                      <select
                        id={`bdx-map-${f.key}`}
                        name={`map.${f.key}`}
                        defaultValue={chosen}
                        className="field-input"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `bdx-map-${f.key}-error` : undefined}
                      >
                        <option value="">— Not imported —</option>
                        {fields.importFields.map((h) => (
                          <option key={h} value={h}>
                            {h}
                          </option>
                        ))}
                      </select>
                      <p id={`bdx-map-${f.key}-error`} className="field-error">
                        {error?.join(" ")}
                      </p>
                    </td>
                    <td className="py-2 text-slate-600">{chosen ? (fields.examples[chosen] ?? []).join(", ") : ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>
        <div className="grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="bdx-map-name" className="field-label">
              Save this map as (optional)
            </label>
            <input
              id="bdx-map-name"
              name="map_name"
              defaultValue={reading.value("map_name", "")}
              className="field-input"
              aria-describedby="bdx-map-name-error"
            />
            <p id="bdx-map-name-error" className="field-error">
              {reading.err("map_name")?.join(" ")}
            </p>
          </div>
          <div>
            <label htmlFor="bdx-products" className="field-label">
              Products of this map (optional, comma-separated)
            </label>
            <input
              id="bdx-products"
              name="selected_products"
              defaultValue={reading.value("selected_products", "")}
              className="field-input"
              list="bdx-product-types"
            />
            <datalist id="bdx-product-types">
              {fields.productTypes.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          </div>
        </div>
        {canManage ? (
          <div className="flex gap-2">
            <button type="submit" name="intent" value="preview" className="btn-secondary">
              Preview
            </button>
            <button type="submit" name="intent" value="import" className="btn-primary">
              Import
            </button>
          </div>
        ) : null}
      </Form>
      {previewed?.preview ? <PreviewTable preview={previewed.preview} /> : null}
    </div>
  );
}

function PreviewTable({ preview }: { preview: BdxPreview }) {
  const shown = BDX_FIELDS.filter((f) => preview.map[f.key]);
  return (
    <section aria-labelledby="bdx-preview">
      <h2 id="bdx-preview" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="mb-2 text-sm" data-preview-summary>
        {preview.valid_rows} of {preview.row_count} rows can be imported; {preview.invalid_rows} have errors and will be refused.
      </p>
      <div className="overflow-x-auto">
        <table className="text-left text-sm">
          <caption className="sr-only">The first rows as they would be imported</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              {shown.map((f) => (
                <th key={f.key} scope="col">
                  {f.label}
                </th>
              ))}
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} className={`border-t border-slate-200 ${r.errors.length ? "bg-red-50" : ""}`}>
                <td className="pr-3">{r.line}</td>
                {shown.map((f) => (
                  <td key={f.key} className="pr-3">
                    {r.values[f.key] ?? ""}
                  </td>
                ))}
                <td className="text-red-800">{r.errors.join(" ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
