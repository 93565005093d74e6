/**
 * Clients (individuals and companies), their links, lines, compliance, notes and e-mail threads: the
 * request bodies the API validates and the response shapes the portal parses. Field names are
 * snake_case throughout.
 *
 * Optional text fields: "" or spaces clear the value (null); a field left out of an update keeps its value.
 */
import { z } from "zod";
import { checkBankDetails, type BankDetails } from "#common/bank-details";
import { DATE_MESSAGES, parseDateText, todayInLondon } from "#common/dates";
import { pagedSchema } from "./common";
import { idField } from "./ids";
import { TELEPHONE_MESSAGES, TELEPHONE_PATTERN } from "./providers";
export { INDIVIDUAL_SORTS, COMPANY_SORTS } from "./list-sorts";

// --- Constants ---------------------------------------------------------------------------------------

export const PREFERRED_CHANNELS = ["email", "telephone", "post", "sms"] as const;
export const RISK_RATINGS = ["low", "medium", "high"] as const;
export const SPLIT_PARTY_TYPES = ["broker", "introducer", "network", "adviser"] as const;
export const NOTABLE_TYPES = ["task", "individual", "company"] as const;
export const EMAIL_RELATED_TYPES = ["task", "individual", "company"] as const;
export type NotableType = (typeof NOTABLE_TYPES)[number];
export type EmailRelatedType = (typeof EMAIL_RELATED_TYPES)[number];

/** Lines of business a client company can hold (the line form's select). */
export const LINE_TYPES = [
  "Commercial combined",
  "Commercial property",
  "Business interruption",
  "Employers' liability",
  "Public liability",
  "Products liability",
  "Professional indemnity",
  "Directors' and officers'",
  "Cyber",
  "Motor fleet",
  "Goods in transit",
  "Engineering and inspection",
  "Key person",
  "Group life",
  "Group income protection",
  "Private medical",
] as const;

export const MESSAGES = {
  companyIdRequired: "Company ID is required",
  firstName: "Enter a first name.",
  lastName: "Enter a last name.",
  companyName: "Enter the company name.",
  email: "Enter a valid e-mail address.",
  postcode: "Enter a real UK postcode, like SW1A 1AA.",
  dateOfBirthPast: "The date of birth must be in the past.",
  datePast: "The date may not be in the future.",
  registrationNumber: "Enter a Companies House number of 8 characters, like 01234567 or SC123456.",
  website: "Enter a web address, like https://example.co.uk.",
  colour: "Enter a colour as #rrggbb, like #0f4c81.",
  fcaNumber: "The FCA reference number is 6 or 7 digits.",
  principalFirm: "Enter the principal firm of the appointed representative.",
  noItems: "No items selected",
  choose: "Choose an option.",
  alreadyLinked: "This individual is already linked to the company.",
  noEmail: "This individual has no e-mail address.",
  companyNoEmail: "This company has no e-mail address and no primary contact with one. Enter an address.",
  splitsTotal: "The shares of a line may add up to 100% at most.",
  splitsParty: "Name each party once.",
  percentage: "Enter a percentage above 0 and up to 100.",
  premium: "Enter a premium of 0 or more, in pounds.",
  subject: "Enter a subject.",
  body: "Enter a message.",
  note: "Enter the note.",
} as const;

// --- Field rules -------------------------------------------------------------------------------------

/** "" and spaces → null; undefined stays undefined (left out of an update). */
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const tooLong = (max: number) => `Use ${max} characters or fewer.`;

export function requiredName(message: string, max = 100) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
}

export function nullableText(max = 255) {
  return z.preprocess(blankToNull, z.string({ error: "Enter text." }).trim().max(max, tooLong(max)).nullable());
}

export const nullableEmail = z.preprocess(
  blankToNull,
  z
    .string({ error: MESSAGES.email })
    .trim()
    .max(254, MESSAGES.email)
    .email(MESSAGES.email)
    .transform((s) => s.toLowerCase())
    .nullable(),
);

export const requiredEmail = z
  .string({ error: MESSAGES.email })
  .trim()
  .max(254, MESSAGES.email)
  .email(MESSAGES.email)
  .transform((s) => s.toLowerCase());

export const nullableTelephone = z.preprocess(
  blankToNull,
  z
    .string({ error: TELEPHONE_MESSAGES.characters })
    .trim()
    .superRefine((s, ctx) => {
      const message =
        s.length < 7 || s.length > 20
          ? TELEPHONE_MESSAGES.length
          : !TELEPHONE_PATTERN.test(s)
            ? TELEPHONE_MESSAGES.characters
            : s.replace(/\D/g, "").length < 7
              ? TELEPHONE_MESSAGES.digits
              : null;
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .nullable(),
);

/** A UK postcode, stored upper-case with one space before the inward code: "sw1a1aa" → "SW1A 1AA". */
export const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/;
export function normalisePostcode(text: string): string | null {
  const m = UK_POSTCODE.exec(text.trim().toUpperCase().replace(/\s+/g, " "));
  return m ? `${m[1]} ${m[2]}` : null;
}

export const nullablePostcode = z.preprocess(
  blankToNull,
  z
    .string({ error: MESSAGES.postcode })
    .transform((s, ctx) => {
      const p = normalisePostcode(s);
      if (p) return p;
      ctx.addIssue({ code: "custom", message: MESSAGES.postcode });
      return z.NEVER;
    })
    .nullable(),
);

/** Date text (spec §5: year-month-day, a real date, within 200 years), optionally not after today. */
export function nullableDate(options: { notFuture?: string; today?: () => string } = {}) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: DATE_MESSAGES.format })
      .transform((s, ctx) => {
        const today = options.today?.() ?? todayInLondon();
        const parsed = parseDateText(s, today);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }
        if (options.notFuture && parsed.value > today) {
          ctx.addIssue({ code: "custom", message: options.notFuture });
          return z.NEVER;
        }
        return parsed.value;
      })
      .nullable(),
  );
}

/** A reference to a row: a positive id, or null / "" to clear it. */
export const nullableId = (message: string = MESSAGES.choose) => z.preprocess((v) => (v === "" ? null : v), idField(message).nullable());

/** JSON booleans, and what forms send: "true"/"1"/"on" are true; "false"/"0"/"" are false. */
export const booleanish = z.preprocess(
  (v) =>
    v === true || v === "true" || v === "1" || v === 1 || v === "on" ? true : v === false || v === "false" || v === "0" || v === 0 || v === "" ? false : v,
  z.boolean({ error: "Choose yes or no." }),
);

export const idsBodySchema = z.object({
  ids: z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z.array(idField("Each id must be a positive whole number.")).min(1, MESSAGES.noItems).max(1000, "Choose at most 1000 items at once."),
  ),
});
export type IdsBody = z.infer<typeof idsBodySchema>;

// --- Individuals -------------------------------------------------------------------------------------

const individualFields = {
  first_name: requiredName(MESSAGES.firstName),
  last_name: requiredName(MESSAGES.lastName),
  email: nullableEmail.optional(),
  telephone: nullableTelephone.optional(),
  date_of_birth: nullableDate({ notFuture: MESSAGES.dateOfBirthPast }).optional(),
  address_line_1: nullableText().optional(),
  address_line_2: nullableText().optional(),
  town: nullableText(100).optional(),
  county: nullableText(100).optional(),
  postcode: nullablePostcode.optional(),
  /** The adviser who looks after the client (a user of the tenant); defaults to the creator. */
  owner_user_id: nullableId("Choose a user of your company.").optional(),
};

/** POST /individual; optionally linked to a company straight away. */
export const individualCreateBodySchema = z.object({
  ...individualFields,
  company_id: idField("Choose a company.").optional(),
  is_primary: booleanish.optional(),
  job_title_id: nullableId().optional(),
});
export type IndividualCreateBody = z.infer<typeof individualCreateBodySchema>;

/** PATCH /individual/{id}: only the fields sent change; archived true/false archives or restores. */
export const individualUpdateBodySchema = z.object({
  ...individualFields,
  first_name: individualFields.first_name.optional(),
  last_name: individualFields.last_name.optional(),
  archived: booleanish.optional(),
});
export type IndividualUpdateBody = z.infer<typeof individualUpdateBodySchema>;

/** POST /individual/archive: archive (default) or restore many. */
export const individualArchiveBodySchema = idsBodySchema.extend({ archived: booleanish.default(true) });

export const emailBodyFields = {
  subject: requiredName(MESSAGES.subject, 255),
  body: z.string({ error: MESSAGES.body }).trim().min(1, MESSAGES.body).max(20_000, tooLong(20_000)),
};

/** POST /individual/email. */
export const individualEmailBodySchema = z.object({ individual_id: idField("Choose an individual."), ...emailBodyFields });

const refSchema = z.object({ id: z.number().int(), name: z.string() });

export const companyLinkSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  individual_id: z.number().int(),
  full_name: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  is_primary: z.boolean(),
  job_title_id: z.number().int().nullable(),
  job_title: z.string().nullable(),
});
export type CompanyLink = z.infer<typeof companyLinkSchema>;

export const individualSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  owner: refSchema.nullable(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  portal_invited_at: z.string().nullable(),
  /** The companies the individual is linked to, primary-contact links first. */
  companies: z.array(companyLinkSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Individual = z.infer<typeof individualSchema>;
export const individualListSchema = pagedSchema(individualSchema);
export const individualResponseSchema = z.object({ data: individualSchema });

export const portalInviteResultSchema = z.object({
  data: z.object({
    invited: z.array(z.number().int()),
    skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  }),
});

// --- Companies ---------------------------------------------------------------------------------------

export const REGISTRATION_NUMBER = /^(?:\d{8}|[A-Z]{2}\d{6}|[A-Z]{2}\d{5}[A-Z])$/;

const registrationNumber = z.preprocess(
  blankToNull,
  z
    .string({ error: MESSAGES.registrationNumber })
    .transform((s, ctx) => {
      const v = s.replace(/\s+/g, "").toUpperCase();
      if (REGISTRATION_NUMBER.test(v)) return v;
      ctx.addIssue({ code: "custom", message: MESSAGES.registrationNumber });
      return z.NEVER;
    })
    .nullable(),
);

/** A web address; "example.co.uk" gets https:// in front. http and https only. */
const website = z.preprocess(
  blankToNull,
  z
    .string({ error: MESSAGES.website })
    .trim()
    .max(2048, MESSAGES.website)
    .transform((s, ctx) => {
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
      try {
        const url = new URL(withScheme);
        if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")) return url.toString();
      } catch {
        // fall through
      }
      ctx.addIssue({ code: "custom", message: MESSAGES.website });
      return z.NEVER;
    })
    .nullable(),
);

const companyFields = {
  name: requiredName(MESSAGES.companyName, 255),
  type_id: nullableId().optional(),
  employee_size_id: nullableId().optional(),
  industry_id: nullableId().optional(),
  trade_id: nullableId().optional(),
  registration_number: registrationNumber.optional(),
  website: website.optional(),
  email: nullableEmail.optional(),
  telephone: nullableTelephone.optional(),
  address_line_1: nullableText().optional(),
  address_line_2: nullableText().optional(),
  town: nullableText(100).optional(),
  county: nullableText(100).optional(),
  postcode: nullablePostcode.optional(),
  owner_user_id: nullableId("Choose a user of your company.").optional(),
};

/** POST /company. */
export const companyCreateBodySchema = z.object(companyFields);
export type CompanyCreateBody = z.infer<typeof companyCreateBodySchema>;

/** POST /company/{id}: only the fields sent change. */
export const companyUpdateBodySchema = z.object({ ...companyFields, name: companyFields.name.optional() });
export type CompanyUpdateBody = z.infer<typeof companyUpdateBodySchema>;

/** POST /company/{id}/bank-account-details (and the fields of GET /company/validate-bank-account-details). */
export const bankAccountBodySchema = z
  .object({ account_name: z.unknown(), account_number: z.unknown(), sort_code: z.unknown() })
  .transform((input, ctx): BankDetails => {
    const result = checkBankDetails(input);
    if (result.valid) return result.value;
    for (const [field, messages] of Object.entries(result.errors)) {
      for (const message of messages ?? []) ctx.addIssue({ code: "custom", path: [field], message });
    }
    return z.NEVER;
  });

export const bankValidationResponseSchema = z.object({
  valid: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())),
});

/** POST /company/{id}/broker-data. */
export const brokerDataBodySchema = z
  .object({
    fca_number: z
      .preprocess(
        (v) => (typeof v === "number" ? String(v) : blankToNull(v)),
        z
          .string({ error: MESSAGES.fcaNumber })
          .trim()
          .regex(/^\d{6,7}$/, MESSAGES.fcaNumber)
          .nullable(),
      )
      .optional(),
    network: nullableText().optional(),
    appointed_representative: booleanish.default(false),
    principal_firm: nullableText().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.appointed_representative && !b.principal_firm) ctx.addIssue({ code: "custom", path: ["principal_firm"], message: MESSAGES.principalFirm });
  });

/** POST /company/{id}/communication-details: the whole form (an unticked box is false). */
export const communicationBodySchema = z.object({
  preferred_channel: z.preprocess(blankToNull, z.enum(PREFERRED_CHANNELS, { error: MESSAGES.choose }).nullable()).optional(),
  marketing_email: booleanish.default(false),
  marketing_sms: booleanish.default(false),
  marketing_telephone: booleanish.default(false),
  marketing_post: booleanish.default(false),
});

/** The text fields of POST /company/{id}/branding (multipart; files `logo` and `icon`). */
export const brandingBodySchema = z.object({
  company_branding_colour: z
    .preprocess(
      blankToNull,
      z
        .string({ error: MESSAGES.colour })
        .trim()
        .regex(/^#[0-9a-f]{6}$/i, MESSAGES.colour)
        .transform((s) => s.toLowerCase())
        .nullable(),
    )
    .optional(),
  remove_logo: booleanish.optional(),
  remove_icon: booleanish.optional(),
});

/** POST /company/{id}/individual, POST /companies/{id}/individuals. */
export const companyIndividualBodySchema = z.object({
  individual_id: idField("Choose an individual."),
  is_primary: booleanish.default(false),
  job_title_id: nullableId().optional(),
});

/** PUT /companies/{id}/individuals/{individualId}. */
export const companyIndividualUpdateBodySchema = z.object({
  is_primary: booleanish.optional(),
  job_title_id: nullableId().optional(),
});

/** POST company/email: to the given address, else the company's, else its primary contact's. */
export const companyEmailBodySchema = z.object({
  company_id: idField("Choose a company."),
  to: nullableEmail.optional(),
  ...emailBodyFields,
});

const percentage = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ error: MESSAGES.percentage })
    .gt(0, MESSAGES.percentage)
    .max(100, MESSAGES.percentage)
    .transform((n) => Math.round(n * 100) / 100),
);

export const lineSplitBodySchema = z.object({
  party: requiredName("Enter the party.", 255),
  party_type: z.enum(SPLIT_PARTY_TYPES, { error: MESSAGES.choose }).default("broker"),
  percentage,
});

/** POST /companies/{id}/lines (create), POST /companies/{id}/lines/{lineId} (update; splits replaced when sent). */
export const lineBodySchema = z.object({
  line_type: z.enum(LINE_TYPES, { error: MESSAGES.choose }),
  insurer: nullableText().optional(),
  premium: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? 0 : Number(v.replace(/[£,\s]/g, ""))) : (v ?? 0)),
    z
      .number({ error: MESSAGES.premium })
      .min(0, MESSAGES.premium)
      .max(9_999_999_999.99, MESSAGES.premium)
      .transform((n) => Math.round(n * 100) / 100),
  ),
  renewal_date: nullableDate().optional(),
  splits: z
    .array(lineSplitBodySchema)
    .max(10, "Split a line between 10 parties at most.")
    .superRefine((splits, ctx) => {
      const total = splits.reduce((s, x) => s + Math.round(x.percentage * 100), 0);
      if (total > 10_000) ctx.addIssue({ code: "custom", message: MESSAGES.splitsTotal });
      const names = splits.map((s) => s.party.toLowerCase());
      if (new Set(names).size !== names.length) ctx.addIssue({ code: "custom", message: MESSAGES.splitsParty });
    })
    .optional(),
});
export type LineBody = z.infer<typeof lineBodySchema>;

/** POST /company/{id}/compliance-information: the whole form. */
export const complianceBodySchema = z.object({
  aml_checked_at: nullableDate({ notFuture: MESSAGES.datePast }).default(null),
  sanctions_checked_at: nullableDate({ notFuture: MESSAGES.datePast }).default(null),
  risk_rating: z.preprocess(blankToNull, z.enum(RISK_RATINGS, { error: MESSAGES.choose }).nullable()).default(null),
  politically_exposed: booleanish.default(false),
  next_review_at: nullableDate().default(null),
  notes: nullableText(5000).default(null),
});

export const companyContactSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  job_title: z.string().nullable(),
});

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type_id: z.number().int().nullable(),
  type: refSchema.nullable(),
  employee_size_id: z.number().int().nullable(),
  employee_size: refSchema.nullable(),
  industry_id: z.number().int().nullable(),
  industry: refSchema.nullable(),
  trade_id: z.number().int().nullable(),
  trade: refSchema.nullable(),
  registration_number: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  owner: refSchema.nullable(),
  company_branding_colour: z.string().nullable(),
  /** Paths on the API host (`/files/{key}`), or null. */
  logo_url: z.string().nullable(),
  icon_url: z.string().nullable(),
  bank_account: z.object({ account_name: z.string().nullable(), account_number: z.string().nullable(), sort_code: z.string().nullable() }),
  broker_data: z.object({
    fca_number: z.string().nullable(),
    network: z.string().nullable(),
    appointed_representative: z.boolean(),
    principal_firm: z.string().nullable(),
  }),
  communication_details: z.object({
    preferred_channel: z.enum(PREFERRED_CHANNELS).nullable(),
    marketing_email: z.boolean(),
    marketing_sms: z.boolean(),
    marketing_telephone: z.boolean(),
    marketing_post: z.boolean(),
    consent_updated_at: z.string().nullable(),
  }),
  primary_contact: companyContactSchema.nullable(),
  individuals_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** GET /company/{id}, /companies/{id}: the company with its linked individuals (primary first). */
export const companyDetailSchema = companySchema.extend({ individuals: z.array(companyLinkSchema) });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;
export const companyListSchema = pagedSchema(companySchema);
export const companyResponseSchema = z.object({ data: companySchema });
export const companyDetailResponseSchema = z.object({ data: companyDetailSchema });
export const companyLinkResponseSchema = z.object({ data: companyLinkSchema });

export const lineSplitSchema = z.object({
  id: z.number().int(),
  party: z.string(),
  party_type: z.enum(SPLIT_PARTY_TYPES),
  /** "50.00" */
  percentage: z.string(),
  /** The party's share of the premium in pounds, "625.00". */
  amount: z.string(),
});

export const lineSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  line_type: z.string(),
  insurer: z.string().nullable(),
  /** Annual premium in pounds, 2 decimals: "1250.00". */
  premium: z.string(),
  renewal_date: z.string().nullable(),
  splits: z.array(lineSplitSchema),
  /** Sum of the split percentages, "100.00"; what is left is unallocated. */
  allocated_percentage: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Line = z.infer<typeof lineSchema>;
export const lineListSchema = z.object({ data: z.array(lineSchema) });
export const lineResponseSchema = z.object({ data: lineSchema });

/** GET /companies/{id}/lines-split: each line's splits, and what every party gets over all lines. */
export const lineSplitSummarySchema = z.object({
  data: z.object({
    lines: z.array(lineSchema),
    parties: z.array(z.object({ party: z.string(), party_type: z.enum(SPLIT_PARTY_TYPES), amount: z.string() })),
    total_premium: z.string(),
    unallocated_amount: z.string(),
  }),
});

export const complianceSchema = z.object({
  company_id: z.number().int(),
  aml_checked_at: z.string().nullable(),
  sanctions_checked_at: z.string().nullable(),
  risk_rating: z.enum(RISK_RATINGS).nullable(),
  politically_exposed: z.boolean(),
  next_review_at: z.string().nullable(),
  /** True when next_review_at is before today (UK calendar). */
  review_overdue: z.boolean(),
  notes: z.string().nullable(),
  updated_by: refSchema.nullable(),
  /** null until the information is first saved. */
  updated_at: z.string().nullable(),
});
export const complianceResponseSchema = z.object({ data: complianceSchema });

/** GET /company/details: the signed-in user's own company (the tenant). */
export const tenantProfileSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  is_small_business: z.boolean(),
  tenant_is_seg_parent: z.boolean(),
  main_color: z.string().nullable(),
  full_logo: z.string().nullable(),
  company_icon: z.string().nullable(),
  needs_kyb: z.boolean(),
  kyb_status: z.string(),
  users_count: z.number().int(),
  created_at: z.string(),
});

/** GET /company/subscription: the plan on record; no plan → plan null, status "none". */
export const subscriptionSchema = z.object({
  data: z.object({ plan: z.string().nullable(), status: z.string(), started_at: z.string().nullable(), ends_at: z.string().nullable() }),
});

// --- Notes -------------------------------------------------------------------------------------------

export const noteBodySchema = z.object({
  notable_type: z.enum(NOTABLE_TYPES, { error: "The notable type must be task, individual or company." }),
  notable_id: idField("Choose what the note is about."),
  body: z.string({ error: MESSAGES.note }).trim().min(1, MESSAGES.note).max(10_000, tooLong(10_000)),
});

export const noteSchema = z.object({
  id: z.number().int(),
  notable_type: z.enum(NOTABLE_TYPES),
  notable_id: z.number().int(),
  /** Plain text as written: show it escaped. */
  body: z.string(),
  author: refSchema.nullable(),
  /** The caller may delete it (the author, or a manager of what it is about). */
  can_delete: z.boolean(),
  created_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
export const noteListSchema = pagedSchema(noteSchema);

// --- E-mail threads ----------------------------------------------------------------------------------

/** POST email/send: a new thread, or a reply in thread_id (same related record). */
export const emailSendBodySchema = z
  .object({
    to: requiredEmail,
    ...emailBodyFields,
    related_type: z
      .preprocess(blankToNull, z.enum(EMAIL_RELATED_TYPES, { error: "The related type must be task, individual or company." }).nullable())
      .optional(),
    related_id: nullableId("Choose what the e-mail is about.").optional(),
    thread_id: nullableId("Choose a thread.").optional(),
  })
  .superRefine((b, ctx) => {
    if (b.related_type && !b.related_id) ctx.addIssue({ code: "custom", path: ["related_id"], message: "Choose what the e-mail is about." });
    if (!b.related_type && b.related_id) ctx.addIssue({ code: "custom", path: ["related_type"], message: MESSAGES.choose });
  });

export const emailMessageSchema = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Plain text: show it escaped. */
  body: z.string(),
  sender: refSchema.nullable(),
  sent_at: z.string(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

export const emailThreadSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  related_type: z.enum(EMAIL_RELATED_TYPES).nullable(),
  related_id: z.number().int().nullable(),
  created_at: z.string(),
  last_message_at: z.string(),
  messages: z.array(emailMessageSchema),
});
export type EmailThread = z.infer<typeof emailThreadSchema>;
export const emailThreadResponseSchema = z.object({ data: emailThreadSchema });
export const emailMessageListSchema = pagedSchema(emailMessageSchema);
