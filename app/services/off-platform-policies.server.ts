import {
  OFF_PLATFORM_POLICY_MESSAGES,
  OFF_PLATFORM_POLICY_STAGES,
  STAGE_FIELDS,
  offPlatformPolicyDeletedSchema,
  offPlatformPolicyListSchema,
  offPlatformPolicyResponseSchema,
  validateResponseSchema,
  type OffPlatformPolicy,
  type OffPlatformPolicyStage,
} from "#contract/off-platform-policies";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export const listOffPlatformPolicies = (api: Api, state: ListState) =>
  api.get("/off-platform-policy", { query: toApiQuery(state), schema: offPlatformPolicyListSchema });
export const getOffPlatformPolicy = async (api: Api, id: string) =>
  (await api.get(`/off-platform-policy/${encodeURIComponent(id)}`, { schema: offPlatformPolicyResponseSchema })).data;
export const createOffPlatformPolicy = async (api: Api, body: Record<string, unknown>) =>
  (await api.post("/off-platform-policy", { body, schema: offPlatformPolicyResponseSchema })).data;
export const updateOffPlatformPolicy = async (api: Api, id: string, body: Record<string, unknown>) =>
  (await api.put(`/off-platform-policy/${encodeURIComponent(id)}`, { body, schema: offPlatformPolicyResponseSchema })).data;
/** One call for one or many: the number deleted. */
export const deleteOffPlatformPolicies = async (api: Api, ids: string[]) =>
  (await api.delete("/off-platform-policy", { query: { off_platform_policy_ids: ids.join(",") }, schema: offPlatformPolicyDeletedSchema })).deleted;
/** One stage of the stepped form checked by the API (a refusal throws ApiValidationError with the field errors). */
export const validateOffPlatformPolicyStage = (api: Api, stage: OffPlatformPolicyStage, body: Record<string, unknown>, id?: string) =>
  api.post("/off-platform-policy/validate", { query: { stage, id }, body, schema: validateResponseSchema });

/** The stepped form's text fields (money typed in pounds: premium and fees), as the pages post them. */
export const FORM_FIELDS = [
  "policy_number",
  "product_name",
  "insurer",
  "class_of_business",
  "state",
  "client_type",
  "client_name",
  "client_email",
  "inception_date",
  "renewal_date",
  "premium",
  "ipt_rate",
  "fees",
  "notes",
] as const;
export type StepValues = Record<(typeof FORM_FIELDS)[number], string>;

export const NEW_POLICY_VALUES: StepValues = Object.fromEntries(FORM_FIELDS.map((f) => [f, ""])) as StepValues;
Object.assign(NEW_POLICY_VALUES, { state: "BOUND", client_type: "company", ipt_rate: "12" });

export const MONEY_MESSAGES = {
  premium: "Enter the premium in pounds, like 1250 or 1,250.50.",
  fees: "Enter the fees in pounds, like 50 or 50.00.",
} as const;

const pounds = (pence: number | null) => (pence === null ? "" : (pence / 100).toFixed(2));

export function valuesOfPolicy(p: OffPlatformPolicy): StepValues {
  return {
    policy_number: p.policy_number,
    product_name: p.product_name,
    insurer: p.insurer,
    class_of_business: p.class_of_business ?? "",
    state: p.state,
    client_type: p.client_type,
    client_name: p.client_name,
    client_email: p.client_email ?? "",
    inception_date: p.inception_date,
    renewal_date: p.renewal_date,
    premium: pounds(p.premium_pence),
    ipt_rate: String(p.ipt_rate),
    fees: pounds(p.fees_pence),
    notes: p.notes ?? "",
  };
}

export function valuesOfForm(form: FormData): StepValues {
  const values = { ...NEW_POLICY_VALUES };
  for (const f of FORM_FIELDS) {
    const v = form.get(f);
    if (typeof v === "string") values[f] = v.slice(0, 5000);
  }
  return values;
}

/** Pounds as typed ("1,250.50", "£99", "12") to whole pence; "" stays ""; anything else is null. */
export function poundsToPence(text: string): number | "" | null {
  const t = text.trim().replace(/^£/, "");
  if (t === "") return "";
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ""] = t.replace(/,/g, "").split(".");
  const pence = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(pence) ? pence : null;
}

/** The API's body of one stage (or all), with the portal's own errors for money it could not read. */
export function apiBodyOf(values: StepValues, stages: readonly OffPlatformPolicyStage[] = OFF_PLATFORM_POLICY_STAGES) {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const stage of stages) {
    for (const field of STAGE_FIELDS[stage]) {
      if (field === "premium_pence" || field === "fees_pence") {
        const name = field === "premium_pence" ? "premium" : "fees";
        const pence = poundsToPence(values[name]);
        if (pence === null) errors[name] = [MONEY_MESSAGES[name]];
        body[field] = pence === null ? "" : pence;
      } else body[field] = values[field];
    }
  }
  if (stages.length === OFF_PLATFORM_POLICY_STAGES.length) body.notes = values.notes;
  return { body, errors };
}

/** The API's field names as the form's (money in pence → the pounds fields). */
export function formErrorsOf(errors: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors ?? {})) {
    const name = k === "premium_pence" ? "premium" : k === "fees_pence" ? "fees" : k;
    const pence = name === "premium" ? OFF_PLATFORM_POLICY_MESSAGES.premium : name === "fees" ? OFF_PLATFORM_POLICY_MESSAGES.fees : null;
    out[name] = pence && v.includes(pence) ? [MONEY_MESSAGES[name as "premium" | "fees"]] : v;
  }
  return out;
}
