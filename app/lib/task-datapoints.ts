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
      value: value === null || value === undefined ? "" : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value),
      type: typeOf(value),
    }));
  return [...saved, ...Array.from({ length: BLANK_DATAPOINT_ROWS }, () => ({ name: "", value: "", type: "text" as const }))];
}

/** The most rows a posted form is read for (the API keeps at most 50 datapoints). */
const MAX_ROWS = 200;

/** The rows of a posted form, read field by field; undefined when it had none (the create form). */
function postedRows(field: (name: string) => unknown): DatapointRow[] | undefined {
  const count = Number.parseInt(String(field(DATAPOINT_ROWS_FIELD) ?? ""), 10);
  if (!Number.isInteger(count) || count < 0) return undefined;
  const text = (name: string) => String(field(name) ?? "");
  return Array.from({ length: Math.min(count, MAX_ROWS) }, (_, i) => ({
    name: text(datapointField(i, "name")),
    value: text(datapointField(i, "value")),
    type: (text(datapointField(i, "type")) || "text") as DatapointType,
  }));
}

/** The rows as typed into a refused form (its text values by field name). */
export const typedDatapointRows = (typed: Record<string, string | undefined>): DatapointRow[] => postedRows((name) => typed[name]) ?? [];

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
  const rows = postedRows((name) => form.get(name));
  if (!rows) return {};
  const datapoints: Record<string, DatapointValue> = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (name === "") continue;
    if (Object.hasOwn(datapoints, name)) return { error: `“${name}” is named twice: give each row its own name.` };
    datapoints[name] = valueOf(row.value, row.type);
  }
  return { datapoints };
}
