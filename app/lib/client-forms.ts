/**
 * How the client forms (individuals, companies, lines and their splits) become API bodies. Pure, so the
 * rules are unit-tested; the .server services send what these build.
 */

/** A form's text value, trimmed ("" when missing). */
export const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** A checkbox: "on" / "1" / "true" when ticked. */
export const ticked = (form: FormData, name: string) => ["on", "1", "true"].includes(field(form, name));

// --- Individuals ---------------------------------------------------------------------------------------------

const INDIVIDUAL_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "telephone",
  "date_of_birth",
  "address_line_1",
  "address_line_2",
  "town",
  "county",
  "postcode",
  "owner_user_id",
] as const;

/**
 * The individual form's body for the API. On create empty fields are left out (the owner defaults to
 * the creator) and a chosen company links the new person at once (job title, primary contact); on edit
 * an emptied field is sent as "" so the API clears it.
 */
export function individualBody(form: FormData, mode: "create" | "edit"): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of INDIVIDUAL_FIELDS) {
    if (!form.has(name)) continue;
    const value = field(form, name);
    if (value !== "" || mode === "edit") body[name] = value;
  }
  if (mode === "create") {
    const company = field(form, "company_id");
    if (company) {
      body.company_id = company;
      body.is_primary = ticked(form, "is_primary");
      const jobTitle = field(form, "job_title_id");
      if (jobTitle) body.job_title_id = jobTitle;
    }
  }
  return body;
}

// --- Companies -----------------------------------------------------------------------------------------------

const COMPANY_FIELDS = [
  "name",
  "type_id",
  "employee_size_id",
  "industry_id",
  "trade_id",
  "registration_number",
  "website",
  "email",
  "telephone",
  "address_line_1",
  "address_line_2",
  "town",
  "county",
  "postcode",
  "owner_user_id",
] as const;

/** The company form's body: on create empty fields are left out; on edit an emptied field is sent as "" (cleared). */
export function companyBody(form: FormData, mode: "create" | "edit"): Record<string, string> {
  const body: Record<string, string> = {};
  for (const name of COMPANY_FIELDS) {
    if (!form.has(name)) continue;
    const value = field(form, name);
    if (value !== "" || mode === "edit") body[name] = value;
  }
  return body;
}

// --- Lines and their commission splits -----------------------------------------------------------------------------

export const MAX_SPLITS = 10;

/** The fields of split row `i` of the line form. */
export const splitField = (i: number, name: "party" | "party_type" | "percentage") => `split_${i}_${name}`;

/** The split rows of the line form that were filled in (a row with neither a party nor a percentage is unused), with their row number. */
function filledSplits(form: FormData) {
  const rows = [];
  for (let i = 0; i < MAX_SPLITS; i++) {
    const party = field(form, splitField(i, "party"));
    const percentage = field(form, splitField(i, "percentage"));
    if (party === "" && percentage === "") continue;
    rows.push({ row: i, split: { party, party_type: field(form, splitField(i, "party_type")) || "broker", percentage } });
  }
  return rows;
}

/** The line form's body; the splits are always sent, so clearing every row removes them. */
export function lineBody(form: FormData): Record<string, unknown> {
  return {
    line_type: field(form, "line_type"),
    insurer: field(form, "insurer"),
    premium: field(form, "premium"),
    renewal_date: field(form, "renewal_date"),
    splits: filledSplits(form).map((r) => r.split),
  };
}

/**
 * The API names a split's errors by its place among the splits sent ("splits.1.percentage", or "splits[1].percentage"
 * as the body's check names them before it is sent); the form shows them under the row they came from
 * ("split_3_percentage").
 */
export function splitErrorsByRow(form: FormData, errors: Record<string, string[]>): Record<string, string[]> {
  const rows = filledSplits(form).map((r) => r.row);
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^splits(?:\.(\d+)|\[(\d+)\])\.(party|party_type|percentage)$/.exec(key);
    const row = m ? rows[Number(m[1] ?? m[2])] : undefined;
    if (m && row !== undefined) out[splitField(row, m[3] as "party")] = messages;
    else out[key] = messages;
  }
  return out;
}
