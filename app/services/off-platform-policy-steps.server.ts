import { data } from "@remix-run/node";
import { OFF_PLATFORM_POLICY_STAGES, STAGE_FIELDS, type OffPlatformPolicy, type OffPlatformPolicyStage } from "#contract/off-platform-policies";
import { ApiValidationError } from "./api.server";
import { requirePermission } from "./auth.server";
import {
  apiBodyOf,
  createOffPlatformPolicy,
  formErrorsOf,
  updateOffPlatformPolicy,
  validateOffPlatformPolicyStage,
  valuesOfForm,
  type StepValues,
} from "./off-platform-policies.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";

/** What a page of the stepped form shows: its stage, every value typed so far, the stage's errors. */
export interface StepView {
  stage: OffPlatformPolicyStage;
  values: StepValues;
  errors: Record<string, string[]>;
  message?: string;
}

const isStage = (v: unknown): v is OffPlatformPolicyStage => typeof v === "string" && (OFF_PLATFORM_POLICY_STAGES as readonly string[]).includes(v);
const moneyFields: Record<string, string> = { premium_pence: "premium", fees_pence: "fees" };
const fieldsOf = (stage: OffPlatformPolicyStage): string[] => STAGE_FIELDS[stage].map((f) => moneyFields[f] ?? f);

/**
 * The stepped form's action, with or without JavaScript: one page per stage, every value typed so far posted
 * again in hidden fields. "Back" shows the previous stage as it was; "Next" asks the API to check this stage
 * (`POST /off-platform-policy/validate?stage=`) and shows the next one only when it passes; "Save" on the last
 * stage checks it, then creates (or replaces) the policy and goes to its page.
 */
export async function stepAction(request: Request, policyId?: string) {
  const form = await formOf(request);
  const back = policyId ? `/off-platform-policies/${policyId}` : "/off-platform-policies";
  const { api } = await requirePermission(request, "off_platform_policy_manage", { route: "/off-platform-policies", back });
  const stage = isStage(form.get("stage")) ? (form.get("stage") as OffPlatformPolicyStage) : "policy";
  const values = valuesOfForm(form);
  const at = OFF_PLATFORM_POLICY_STAGES.indexOf(stage);
  const intent = form.get("intent");
  const view = (s: OffPlatformPolicyStage, errors: Record<string, string[]> = {}, message?: string, status = 200) =>
    data<StepView>({ stage: s, values, errors, ...(message ? { message } : {}) }, { status });

  if (intent === "back") return view(OFF_PLATFORM_POLICY_STAGES[Math.max(0, at - 1)]);

  const { body, errors: moneyErrors } = apiBodyOf(values, [stage]);
  try {
    await validateOffPlatformPolicyStage(api, stage, body, policyId);
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return view(stage, { ...formErrorsOf(error.body.errors), ...moneyErrors }, "Check the fields below.", 422);
  }
  if (Object.keys(moneyErrors).length) return view(stage, moneyErrors, "Check the fields below.", 422);
  const next = OFF_PLATFORM_POLICY_STAGES[at + 1];
  if (intent !== "save" || next) return view(next ?? stage);

  const all = apiBodyOf(values);
  let saved: OffPlatformPolicy;
  try {
    saved = policyId ? await updateOffPlatformPolicy(api, policyId, all.body) : await createOffPlatformPolicy(api, all.body);
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    const errors = formErrorsOf(error.body.errors);
    // Back to the first stage holding an error (another user may have taken the policy number meanwhile).
    const first = OFF_PLATFORM_POLICY_STAGES.find((s) => fieldsOf(s).some((f) => errors[f])) ?? stage;
    return view(first, errors, policyId ? "Failed to update off-platform policy." : "Failed to create off-platform policy.", 422);
  }
  return redirectWithToast(request, `/off-platform-policies/${saved.id}`, {
    kind: "success",
    message: policyId ? "Off-platform policy updated." : "Off-platform policy created.",
  });
}
