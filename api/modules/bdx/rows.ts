import { BDX_FIELDS, BDX_MESSAGES, type BdxField, type BdxMap } from "#contract/bdx";
import { POLICY_STATE_LABELS, POLICY_STATES, type PolicyState } from "#contract/policy-constants";
import { parseDateText } from "#common/dates";

/** A row of a bordereau as a policy: what the import writes. */
export interface PolicyImport {
  number: string;
  productName: string;
  clientName: string;
  clientType: "individual" | "company";
  clientEmail: string | null;
  insurer: string | null;
  classOfBusiness: string | null;
  mainBrokerName: string | null;
  premiumPence: number;
  iptRate: 0 | 12 | 20;
  feesPence: number;
  inceptionDate: string;
  renewalDate: string;
  state: PolicyState;
}

/** Other names a column of a field goes by in brokers' files (compared lower-case, letters and digits only). */
const ALIASES: Record<BdxField, string[]> = {
  policy_number: ["policynumber", "policyno", "policyref", "policyreference", "policy", "certificatenumber", "policyid"],
  product_name: ["productname", "product", "scheme", "productdescription"],
  client_name: ["clientname", "client", "insuredname", "insured", "policyholder", "customername", "customer", "name"],
  client_type: ["clienttype", "insuredtype", "customertype"],
  client_email: ["clientemail", "email", "emailaddress", "insuredemail"],
  insurer: ["insurer", "carrier", "underwriter", "insurername"],
  class_of_business: ["classofbusiness", "class", "cob", "lineofbusiness"],
  main_broker_name: ["brokerage", "broker", "mainbroker", "mainbrokername", "brokername"],
  premium: ["premium", "grosspremium", "netpremium", "premiumgbp", "totalpremium"],
  ipt_rate: ["iptrate", "ipt", "iptpercent", "taxrate"],
  fees: ["fees", "fee", "brokerfee", "adminfee"],
  inception_date: ["inceptiondate", "inception", "startdate", "effectivedate", "coverstart"],
  renewal_date: ["renewaldate", "renewal", "expirydate", "enddate", "coverend", "expiry"],
  state: ["status", "state", "policystatus"],
};

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The header row as a key: a file with the same columns (in any order, any case) finds its map again. */
export const columnsKeyOf = (headers: string[]) => headers.map(normaliseHeader).filter(Boolean).sort().join("|");

/** Suggested column for each field: the header that is one of the field's names (each header used once). */
export function autoMatch(headers: string[]): Partial<Record<BdxField, string>> {
  const out: Partial<Record<BdxField, string>> = {};
  const used = new Set<string>();
  for (const field of BDX_FIELDS) {
    const names = ALIASES[field.key];
    const found = names.map((n) => headers.find((h) => normaliseHeader(h) === n && !used.has(h))).find(Boolean);
    if (found) {
      out[field.key] = found;
      used.add(found);
    }
  }
  return out;
}

/** Problems of the map itself: a required field without a column, a column the file lacks. */
export function mapProblems(map: BdxMap, headers: string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of BDX_FIELDS) {
    const column = map[field.key];
    if (!column) {
      if (field.required) errors[`map.${field.key}`] = [BDX_MESSAGES.fieldRequired(field.label)];
    } else if (!headers.includes(column)) errors[`map.${field.key}`] = [BDX_MESSAGES.missingColumn(column)];
  }
  return errors;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number | string) => String(n).padStart(2, "0");

/**
 * A date in one of the three forms bordereaux carry: 2026-03-31 (ISO), 31/03/2026 (UK; also 31-03-2026 and
 * 31.03.2026) and 31 Mar 2026 (the month's name or its first three letters). Checked like every date (a real date,
 * within 200 years of today). Answers null when it is none of them.
 */
export function parseBdxDate(raw: string): string | null {
  const t = raw.trim();
  let iso: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t))) iso = `${m[1]}-${pad(m[2])}-${pad(m[3])}`;
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t))) iso = `${m[3]}-${pad(m[2])}-${pad(m[1])}`;
  else if ((m = /^(\d{1,2})[ -]([A-Za-z]{3,9})[ -](\d{4})$/.exec(t))) {
    const month = MONTHS.indexOf(m[2].slice(0, 3).toLowerCase());
    if (month >= 0) iso = `${m[3]}-${pad(month + 1)}-${pad(m[1])}`;
  }
  return iso && parseDateText(iso).ok ? iso : null;
}

/** Money in pounds as bordereaux write it ("£1,250.50", "1250.5", "1250") to pence; null when it is not money. */
export function parsePounds(raw: string): number | null {
  const t = raw
    .trim()
    .replace(/^£\s*/, "")
    .replace(/^GBP\s*/i, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ""] = t.replace(/,/g, "").split(".");
  const pence = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(pence) && pence <= 10_000_000_000 ? pence : null;
}

function parseState(raw: string): PolicyState | null {
  const t = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
  if ((POLICY_STATES as readonly string[]).includes(t)) return t as PolicyState;
  const byLabel = POLICY_STATES.find((s) => POLICY_STATE_LABELS[s].toUpperCase().replace(/\s+/g, "_") === t);
  if (byLabel) return byLabel;
  if (t === "LIVE" || t === "ACTIVE" || t === "IN_FORCE") return "BOUND";
  if (t === "LAPSED") return "EXPIRED";
  return null;
}

/** The mapped values of one row (field → cell text). */
export function valuesOf(map: BdxMap, headers: string[], cells: string[]): Partial<Record<BdxField, string>> {
  const out: Partial<Record<BdxField, string>> = {};
  for (const [field, column] of Object.entries(map) as [BdxField, string][]) {
    const i = headers.indexOf(column);
    if (i >= 0) out[field] = cells[i] ?? "";
  }
  return out;
}

/** One row checked and turned into a policy, or the reasons it is refused (every problem, not only the first). */
export function policyOfRow(values: Partial<Record<BdxField, string>>): { policy: PolicyImport } | { reasons: string[] } {
  const reasons: string[] = [];
  const text = (f: BdxField, label: string, required: boolean, max = 255) => {
    const v = (values[f] ?? "").trim();
    if (!v) {
      if (required) reasons.push(`${label} is missing.`);
      return null;
    }
    if (v.length > max) reasons.push(`${label} is longer than ${max} characters.`);
    return v;
  };
  const number = text("policy_number", "Policy number", true, 100);
  const productName = text("product_name", "Product name", true);
  const clientName = text("client_name", "Client", true);
  const clientEmail = text("client_email", "Client e-mail", false);
  if (clientEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(clientEmail)) reasons.push(`Client e-mail "${clientEmail}" is not an e-mail address.`);
  const typeText = (values.client_type ?? "").trim().toLowerCase();
  let clientType: PolicyImport["clientType"] = "company";
  if (["individual", "person", "personal", "private"].includes(typeText)) clientType = "individual";
  else if (typeText && !["company", "business", "commercial", "corporate"].includes(typeText))
    reasons.push(`Client type "${values.client_type}" is not individual or company.`);

  const money = (f: BdxField, label: string, required: boolean) => {
    const v = (values[f] ?? "").trim();
    if (!v) {
      if (required) reasons.push(`${label} is missing.`);
      return 0;
    }
    const pence = parsePounds(v);
    if (pence === null) reasons.push(`${label} "${v}" is not an amount in pounds.`);
    return pence ?? 0;
  };
  const premiumPence = money("premium", "Premium", true);
  const feesPence = money("fees", "Fees", false);
  const iptText = (values.ipt_rate ?? "").trim().replace(/%$/, "");
  let iptRate: PolicyImport["iptRate"] = 12;
  if (iptText) {
    const n = Number(iptText);
    if (n === 0 || n === 12 || n === 20) iptRate = n;
    else reasons.push(`IPT rate "${values.ipt_rate}" is not 12%, 20% or 0%.`);
  }
  const date = (f: BdxField, label: string) => {
    const v = (values[f] ?? "").trim();
    if (!v) {
      reasons.push(`${label} is missing.`);
      return null;
    }
    const d = parseBdxDate(v);
    if (!d) reasons.push(`${label} "${v}" is not a date (use 2026-03-31, 31/03/2026 or 31 Mar 2026).`);
    return d;
  };
  const inceptionDate = date("inception_date", "Inception date");
  const renewalDate = date("renewal_date", "Renewal date");
  if (inceptionDate && renewalDate && renewalDate <= inceptionDate) reasons.push("Renewal date is not after the inception date.");
  const stateText = (values.state ?? "").trim();
  let state: PolicyState = "BOUND";
  if (stateText) {
    const s = parseState(stateText);
    if (s) state = s;
    else reasons.push(`Status "${stateText}" is not a policy status.`);
  }
  if (reasons.length) return { reasons };
  return {
    policy: {
      number: number!,
      productName: productName!,
      clientName: clientName!,
      clientType,
      clientEmail,
      insurer: text("insurer", "Insurer", false),
      classOfBusiness: text("class_of_business", "Class of business", false),
      mainBrokerName: text("main_broker_name", "Brokerage", false),
      premiumPence,
      iptRate,
      feesPence,
      inceptionDate: inceptionDate!,
      renewalDate: renewalDate!,
      state,
    },
  };
}
