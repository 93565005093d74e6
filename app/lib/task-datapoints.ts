/**
 * A task's datapoints (what else is recorded about it: names and short values, from an import or the API) as rows
 * of the edit form, and back. Each row is three fields, `datapoints.{i}.name`, `.value` and `.type`; the type is the
 * value's kind as saved, so that a number or a yes/no left as it was is saved as that again, not as text.
 */

export type DatapointValue = string | number | boolean | null;
export type DatapointType = "text" | "number" | "boolean" | "empty";

export interface DatapointRow {
  name: string;
  value: string;
  type: DatapointType;
}

/** Blank rows the form offers after the saved ones (a row more after each save, without JavaScript too). */
export const BLANK_DATAPOINT_ROWS = 2;

export const datapointField = (i: number, part: "name" | "value" | "type") => `datapoints.${i}.${part}`;
export const DATAPOINT_ROWS_FIELD = "datapoints_rows";

const typeOf = (value: unknown): DatapointType =>
  value === null || value === undefined ? "empty" : typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "text";

/** The saved datapoints as rows, by name (the database keeps no order of its own), then the blank rows. */
export function datapointRows(datapoints: Record<string, unknown> | null | undefined): DatapointRow[] {
  const saved = Object.entries(datapoints ?? {})
    .sort(([a], [b]) => a.localeCompare(b, "en-GB"))
    .map(([name, value]) => ({
    name,
    value: value === null || value === undefined ? "" : typeof value === "boolean" ? (value ? "Yes" : "No") : typeof value === "object" ? JSON.stringify(value) : String(value),
    type: typeOf(value),
  }));
  return [...saved, ...Array.from({ length: BLANK_DATAPOINT_ROWS }, () => ({ name: "", value: "", type: "text" as const }))];
}

/** The rows as typed into a refused form (its text values by field name). */
export function typedDatapointRows(typed: Record<string, string | undefined>): DatapointRow[] {
  const count = Math.min(Number.parseInt(typed[DATAPOINT_ROWS_FIELD] ?? "0", 10) || 0, 200);
  return Array.from({ length: count }, (_, i) => ({
    name: typed[datapointField(i, "name")] ?? "",
    value: typed[datapointField(i, "value")] ?? "",
    type: (typed[datapointField(i, "type")] as DatapointType) ?? "text",
  }));
}

/** A value as its saved kind when it still reads as one ("12.5" stays a number, "Yes" a yes), else as text; blank is empty. */
function valueOf(text: string, type: string): DatapointValue {
  const value = text.trim();
  if (value === "") return null;
  if (type === "number" && /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))) return Number(value);
  if (type === "boolean" && /^(yes|no|true|false)$/i.test(value)) return /^(yes|true)$/i.test(value);
  return value;
}

/**
 * The datapoints of the posted rows: rows without a name are left out; a name given twice is refused (the second
 * would silently replace the first). Undefined when the form had no rows (the datapoints are then left as they are).
 */
export function datapointsOf(form: { get(name: string): unknown }): { datapoints?: Record<string, DatapointValue>; error?: string } {
  const rows = Number.parseInt(String(form.get(DATAPOINT_ROWS_FIELD) ?? ""), 10);
  if (!Number.isInteger(rows) || rows < 0) return {};
  const datapoints: Record<string, DatapointValue> = {};
  for (let i = 0; i < Math.min(rows, 200); i++) {
    const name = String(form.get(datapointField(i, "name")) ?? "").trim();
    if (name === "") continue;
    if (Object.hasOwn(datapoints, name)) return { error: `“${name}” is named twice: give each row its own name.` };
    datapoints[name] = valueOf(String(form.get(datapointField(i, "value")) ?? ""), String(form.get(datapointField(i, "type")) ?? "text"));
  }
  return { datapoints };
}
