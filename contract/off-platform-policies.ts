import { z } from "zod";
import { parseDateText } from "#common/dates";
import { pagedSchema } from "./common";
import { CLIENT_TYPES, OFF_PLATFORM_POLICY_STAGES, OFF_PLATFORM_POLICY_STATES } from "./off-platform-policy-constants";

export * from "./off-platform-policy-constants";

/**
 * Off-platform policies: policies a broker placed outside the platform, recorded by hand (or by a bordereau)
 * so that the book is whole. The form is stepped — policy, client, cover — and each stage is checked by the API
 * (`POST /off-platform-policy/validate?stage=`) before the next is shown.
 */

/** The messages of the off-platform policy form, word for word on both sides. */
export const OFF_PLATFORM_POLICY_MESSAGES = {
  policyNumber: "Enter the policy number.",
  policyNumberTaken: "An off-platform policy with this policy number exists already.",
  productName: "Enter the product name.",
  insurer: "Enter the insurer.",
  state: "Choose a status.",
  clientType: "Choose whether the client is an individual or a company.",
  clientName: "Enter the client's name.",
  clientEmail: "Enter a valid e-mail address.",
  inceptionDate: "Enter the inception date.",
  renewalDate: "Enter the renewal date.",
  renewalAfterInception: "The renewal date must be after the inception date.",
  premium: "Enter the premium in whole pence (a whole number, 0 or more).",
  premiumTooLarge: "The premium may not be more than £100,000,000.00.",
  fees: "Enter the fees in whole pence (a whole number, 0 or more).",
  iptRate: "Choose an IPT rate of 12%, 20% or 0% (exempt).",
  tooLong: (max: number) => `Use ${max} characters or fewer.`,
  stage: "Choose a stage: policy, client or cover.",
  idsRequired: "Choose at least one off-platform policy.",
} as const;

const M = OFF_PLATFORM_POLICY_MESSAGES;
/** The largest premium or fee: £100,000,000.00. */
export const MAX_POLICY_MONEY_PENCE = 10_000_000_000;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const requiredText = (message: string, max = 255) =>
  z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(max)));
const optionalText = (max = 255) => z.preprocess((v) => (blank(v) ? null : v), z.string({ error: "Enter text." }).trim().max(max, M.tooLong(max)).nullable());
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(values, { error: message }));
const dateField = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .superRefine((v, ctx) => {
        const r = parseDateText(v);
        if (!r.ok) ctx.addIssue({ code: "custom", message: r.message });
      }),
  );
const penceField = (message: string, required: boolean) =>
  z.preprocess(
    (v) => (v === undefined ? null : v),
    z.union([z.string(), z.number(), z.null()], { error: message }).transform((v, ctx) => {
      if (blank(v)) {
        if (!required) return null;
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const n = typeof v === "string" && /^\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v;
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (n > MAX_POLICY_MONEY_PENCE) {
        ctx.addIssue({ code: "custom", message: M.premiumTooLarge });
        return z.NEVER;
      }
      return n;
    }),
  );

export const policyStageSchema = z.object({
  policy_number: requiredText(M.policyNumber, 100),
  product_name: requiredText(M.productName),
  insurer: requiredText(M.insurer),
  class_of_business: optionalText(),
  state: choice(OFF_PLATFORM_POLICY_STATES, M.state),
});

export const clientStageSchema = z.object({
  client_type: choice(CLIENT_TYPES, M.clientType),
  client_name: requiredText(M.clientName),
  client_email: z.preprocess(
    (v) => (blank(v) ? null : typeof v === "string" ? v.trim() : v),
    z.email({ error: M.clientEmail }).max(255, M.tooLong(255)).nullable(),
  ),
});

const coverFields = z.object({
  inception_date: dateField(M.inceptionDate),
  renewal_date: dateField(M.renewalDate),
  premium_pence: penceField(M.premium, true),
  ipt_rate: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.union([z.literal(12), z.literal(20), z.literal(0)], { error: M.iptRate }),
  ),
  fees_pence: penceField(M.fees, false),
});
/** The renewal date after the inception date: checked whenever both dates are good, whatever else is wrong. */
const renewalAfterInception = {
  check: (v: { inception_date: string; renewal_date: string }) => v.renewal_date > v.inception_date,
  options: {
    path: ["renewal_date"],
    message: M.renewalAfterInception,
    when: (p: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) => {
      const v = p.value as { inception_date?: unknown; renewal_date?: unknown } | undefined;
      return (
        typeof v?.inception_date === "string" &&
        typeof v?.renewal_date === "string" &&
        p.issues.every((i) => i.path?.[0] !== "inception_date" && i.path?.[0] !== "renewal_date")
      );
    },
  },
};
export const coverStageSchema = coverFields.refine(renewalAfterInception.check, renewalAfterInception.options);

export const STAGE_SCHEMAS = { policy: policyStageSchema, client: clientStageSchema, cover: coverStageSchema } as const;

/** An off-platform policy as created (POST) or replaced (PUT): every stage's fields. */
export const offPlatformPolicyBodySchema = policyStageSchema
  .extend(clientStageSchema.shape)
  .extend(coverFields.shape)
  .extend({ notes: optionalText(2000) })
  .refine(renewalAfterInception.check, renewalAfterInception.options);
export type OffPlatformPolicyBody = z.output<typeof offPlatformPolicyBodySchema>;

/** `POST /off-platform-policy/validate?stage=policy` (and `&id=` when an existing policy is being edited). */
export const validateQuerySchema = z.object({
  stage: z.enum(OFF_PLATFORM_POLICY_STAGES, { error: M.stage }),
  id: z.coerce.number().int().positive().max(2147483647).optional(),
});
export const validateResponseSchema = z.object({
  data: z.object({ stage: z.enum(OFF_PLATFORM_POLICY_STAGES), valid: z.literal(true), next_stage: z.enum(OFF_PLATFORM_POLICY_STAGES).nullable() }),
});

export const offPlatformPolicySchema = z.object({
  id: z.number().int(),
  policy_number: z.string(),
  product_name: z.string(),
  insurer: z.string(),
  class_of_business: z.string().nullable(),
  state: z.enum(OFF_PLATFORM_POLICY_STATES),
  client_type: z.enum(CLIENT_TYPES),
  client_name: z.string(),
  client_email: z.string().nullable(),
  inception_date: z.string(),
  renewal_date: z.string(),
  premium_pence: z.number().int(),
  ipt_rate: z.number().int(),
  ipt_pence: z.number().int(),
  fees_pence: z.number().int().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OffPlatformPolicy = z.infer<typeof offPlatformPolicySchema>;

export const offPlatformPolicyListSchema = pagedSchema(offPlatformPolicySchema);
export const offPlatformPolicyResponseSchema = z.object({ data: offPlatformPolicySchema });

/**
 * `DELETE /off-platform-policy?off_platform_policy_ids=1,2,3` (or the key repeated, or `off_platform_policy_ids[]`):
 * the ids of the off-platform policies to delete, at most 100.
 */
export const offPlatformPolicyIdsQuerySchema = z.object({
  off_platform_policy_ids: z.preprocess(
    (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(",")).filter((x) => x.trim() !== "")),
    z
      .array(z.coerce.number({ error: M.idsRequired }).int(M.idsRequired).positive(M.idsRequired).max(2147483647, M.idsRequired))
      .min(1, M.idsRequired)
      .max(100, "Choose at most 100 off-platform policies."),
  ),
});
export const offPlatformPolicyDeletedSchema = z.object({ deleted: z.number().int() });
