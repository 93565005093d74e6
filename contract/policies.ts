import { z } from "zod";
import { pagedSchema } from "./common";
import { dateText } from "./fields";
import { IPT_RATES, POLICY_CANCELLATION_REASONS, POLICY_STATES } from "./policy-constants";
export * from "./policy-constants";

/** The messages of the policy form and calls, word for word on both sides. */
export const POLICY_MESSAGES = {
  numberRequired: "Enter the policy number.",
  numberTaken: "A policy with this number already exists.",
  productRequired: "Enter the product name.",
  clientRequired: "Choose the client.",
  clientNotFound: "Choose a client of your company.",
  premium: "Enter the premium in pence as a whole number, 0 or more.",
  fees: "Enter the fees in pence as a whole number, 0 or more.",
  iptRate: "Choose an IPT rate of 12% (standard), 20% (higher) or 0% (exempt).",
  inceptionRequired: "Enter the inception date.",
  renewalRequired: "Enter the renewal date.",
  renewalAfterInception: "The renewal date must be after the inception date.",
  state: "Choose a status from the list.",
  transition: (from: string, to: string) => `A policy cannot go from ${from} to ${to}.`,
  sameState: "The policy is already in this status.",
  cancellationReasonRequired: "Choose the cancellation reason.",
  cancellationReason: "Choose a cancellation reason from the list.",
  invoiceTaken: "This invoice is linked to another policy.",
  noEmail: "The client has no e-mail address.",
  welcomeAlreadySent: "The welcome e-mail for this policy term was sent already.",
  renewalAlreadySent: "The renewal e-mail for this policy term was sent already.",
  idsRequired: "Choose at least one policy.",
} as const;

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);
const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string({ error: "Enter text." }).trim().max(max, `Use ${max} characters or fewer.`).nullable());
const pence = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : typeof v === "string" ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(0, message).max(100_000_000_000, message),
  );

/** A policy as created or updated (an update replaces every field but the state, which changes by its own call). */
export const policyBodySchema = z
  .object({
    number: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.string({ error: POLICY_MESSAGES.numberRequired }).trim().min(1, POLICY_MESSAGES.numberRequired).max(100, "Use 100 characters or fewer."),
    ),
    product_name: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.string({ error: POLICY_MESSAGES.productRequired }).trim().min(1, POLICY_MESSAGES.productRequired).max(255, "Use 255 characters or fewer."),
    ),
    class_of_business: optionalText(255),
    insurer: optionalText(255),
    main_broker_name: optionalText(255),
    /** "individual:12" or "company:7" (one field for a form's select), or the two ids below. */
    client: z
      .preprocess(
        blankToNull,
        z
          .string()
          .regex(/^(individual|company):\d{1,10}$/, POLICY_MESSAGES.clientRequired)
          .nullable(),
      )
      .optional(),
    individual_id: z.preprocess(blankToNull, z.coerce.number().int().positive().max(2147483647).nullable()).optional(),
    client_company_id: z.preprocess(blankToNull, z.coerce.number().int().positive().max(2147483647).nullable()).optional(),
    premium_pence: pence(POLICY_MESSAGES.premium),
    fees_pence: pence(POLICY_MESSAGES.fees),
    ipt_rate: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? 12 : typeof v === "string" ? Number(v) : v),
      z.number({ error: POLICY_MESSAGES.iptRate }).refine((n) => IPT_RATES.some((r) => r.value === n), POLICY_MESSAGES.iptRate),
    ),
    inception_date: dateText({ required: POLICY_MESSAGES.inceptionRequired }),
    renewal_date: dateText({ required: POLICY_MESSAGES.renewalRequired }),
    /** Only when created (a new policy starts as a QUOTE unless told otherwise; an import brings its state). */
    state: z.preprocess(blankToNull, z.enum(POLICY_STATES, { error: POLICY_MESSAGES.state }).nullable()).optional(),
  })
  .transform((body, ctx) => {
    let individualId = body.individual_id ?? null;
    let clientCompanyId = body.client_company_id ?? null;
    if (body.client) {
      const [kind, id] = body.client.split(":");
      individualId = kind === "individual" ? Number(id) : null;
      clientCompanyId = kind === "company" ? Number(id) : null;
    }
    if ((individualId === null) === (clientCompanyId === null)) {
      ctx.addIssue({ code: "custom", path: ["client"], message: POLICY_MESSAGES.clientRequired });
      return z.NEVER;
    }
    if (body.renewal_date <= body.inception_date) {
      ctx.addIssue({ code: "custom", path: ["renewal_date"], message: POLICY_MESSAGES.renewalAfterInception });
      return z.NEVER;
    }
    const { client: _client, ...rest } = body;
    return { ...rest, individual_id: individualId, client_company_id: clientCompanyId, ipt_rate: body.ipt_rate as 0 | 12 | 20 };
  });
export type PolicyBody = z.output<typeof policyBodySchema>;

/** PUT /policies/{id}/state: the new state; CANCELLED needs a reason. */
export const policyStateBodySchema = z
  .object({
    state: z.enum(POLICY_STATES, { error: POLICY_MESSAGES.state }),
    cancellation_reason: z
      .preprocess(
        blankToNull,
        z.enum(POLICY_CANCELLATION_REASONS.map((r) => r.id) as [string, ...string[]], { error: POLICY_MESSAGES.cancellationReason }).nullable(),
      )
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.state === "CANCELLED" && !b.cancellation_reason)
      ctx.addIssue({ code: "custom", path: ["cancellation_reason"], message: POLICY_MESSAGES.cancellationReasonRequired });
  });
export type PolicyStateBody = z.output<typeof policyStateBodySchema>;

const clientSchema = z.object({ type: z.enum(["individual", "company"]), id: z.number().int(), name: z.string(), email: z.string().nullable() });

export const policySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  product: z.object({ name: z.string(), class_of_business: z.string().nullable(), insurer: z.string().nullable() }),
  client: clientSchema,
  main_broker_name: z.string().nullable(),
  premium_pence: z.number().int(),
  ipt_rate: z.number().int(),
  ipt_pence: z.number().int(),
  fees_pence: z.number().int(),
  total_pence: z.number().int(),
  inception_date: z.string(),
  renewal_date: z.string(),
  state: z.enum(POLICY_STATES),
  cancellation_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  source: z.string(),
  invoices_count: z.number().int(),
  /** The states this policy may change to now. */
  next_states: z.array(z.enum(POLICY_STATES)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Policy = z.infer<typeof policySchema>;

export const policyListSchema = pagedSchema(policySchema);
export const policyResponseSchema = z.object({ data: policySchema });

export const policyActivitySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export const policyActivityListSchema = z.object({ data: z.array(policyActivitySchema) });
export type PolicyActivity = z.infer<typeof policyActivitySchema>;

export const policyInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: z.string(),
  issue_date: z.string(),
  total_pence: z.number().int(),
  linked_at: z.string(),
});
export const policyInvoiceListSchema = z.object({ data: z.array(policyInvoiceSchema) });
export type PolicyInvoice = z.infer<typeof policyInvoiceSchema>;

export const policyEmailSentSchema = z.object({ sent: z.boolean(), message: z.string() });

export const policyCancellationReasonListSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });

/** GET /policies/stats/individual/{id}: an individual's policies at a glance. */
export const policyIndividualStatsSchema = z.object({
  data: z.object({
    total: z.number().int(),
    by_state: z.record(z.string(), z.number().int()),
    live: z.number().int(),
    live_premium_pence: z.number().int(),
    next_renewal_date: z.string().nullable(),
  }),
});
export type PolicyIndividualStats = z.infer<typeof policyIndividualStatsSchema>["data"];

/** GET /dashboard-stats/insurance-overview: the tenant's book. */
export const insuranceOverviewSchema = z.object({
  data: z.object({
    by_state: z.record(z.string(), z.number().int()),
    live: z.number().int(),
    live_premium_pence: z.number().int(),
    live_ipt_pence: z.number().int(),
    renewals_due_30: z.number().int(),
    written_in_interval: z.number().int(),
    written_premium_in_interval_pence: z.number().int(),
  }),
});
export type InsuranceOverview = z.infer<typeof insuranceOverviewSchema>["data"];

/** POST /policies/renewal-emails: a bulk send as a job, for the ids given or the renewals due in `days`. */
export const policyBulkRenewalSchema = z.object({
  ids: z.array(z.coerce.number().int().positive().max(2147483647)).max(1000).optional(),
  days: z.coerce
    .number()
    .int()
    .refine((d) => d === 30 || d === 60 || d === 90, "Choose 30, 60 or 90 days.")
    .optional(),
});
