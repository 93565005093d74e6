/**
 * The policies list's old links (spec: "sort (as JSON)"): their sort read as the list's own. Pure: the list's loader
 * redirects such a link to its canonical address.
 */

/** The spec's old list links carried the sort as JSON; its keys → the list's sort fields. */
const JSON_SORT_FIELDS: Record<string, string> = {
  policyNumber: "number",
  number: "number",
  productName: "product_name",
  product_name: "product_name",
  mainBrokerName: "main_broker_name",
  main_broker_name: "main_broker_name",
  premium: "premium",
  inceptionDate: "inception_date",
  inception_date: "inception_date",
  renewalDate: "renewal_date",
  renewal_date: "renewal_date",
  creationDate: "created_at",
  createdAt: "created_at",
  created_at: "created_at",
  state: "state",
  status: "state",
};

/**
 * Reads a sort in the spec's JSON form — `{"field":"renewalDate","direction":"desc"}`, `{"id":"renewalDate","desc":true}`,
 * a list of those (the first counts), or `{"renewalDate":"desc"}` — as the list's `field` / `-field`; null when `raw`
 * is not JSON or names no sort field.
 */
export function sortFromJson(raw: string): string | null {
  const text = raw.trim();
  if (!text.startsWith("{") && !text.startsWith("[")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!first || typeof first !== "object") return null;
  const o = first as Record<string, unknown>;
  let key: unknown = o.field ?? o.id ?? o.column ?? o.key;
  let descending = o.desc === true || o.desc === "true" || String(o.direction ?? o.order ?? o.dir ?? "").toLowerCase() === "desc";
  if (key === undefined) {
    const entries = Object.entries(o);
    if (entries.length !== 1) return null;
    key = entries[0][0];
    descending = String(entries[0][1]).toLowerCase() === "desc" || entries[0][1] === -1;
  }
  const field = typeof key === "string" ? JSON_SORT_FIELDS[key] : undefined;
  return field ? `${descending ? "-" : ""}${field}` : null;
}
