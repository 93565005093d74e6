import { z } from "zod";
import { pagedSchema } from "./common";
export { PROVIDER_SORTS } from "./list-sorts";

/** The functions list of provider forms: what a provider does for the broker. */
export const PROVIDER_FUNCTIONS = [
  { value: "insurer", label: "Insurer" },
  { value: "managing_general_agent", label: "Managing general agent" },
  { value: "wholesale_broker", label: "Wholesale broker" },
  { value: "claims_handler", label: "Claims handler" },
  { value: "premium_finance", label: "Premium finance" },
] as const;

/** The roles list of provider forms: the part a provider takes on a placement. */
export const PROVIDER_ROLES = [
  { value: "lead", label: "Lead" },
  { value: "follow", label: "Follow" },
  { value: "capacity_provider", label: "Capacity provider" },
  { value: "administrator", label: "Administrator" },
] as const;

export type ProviderFunction = (typeof PROVIDER_FUNCTIONS)[number]["value"];
export type ProviderRole = (typeof PROVIDER_ROLES)[number]["value"];

export const NAME_REQUIRED = "The name field is required.";
export const NAME_TAKEN = "A provider with this name already exists.";

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

const optionalEmail = z.preprocess(
  blankToNull,
  z
    .string({ error: "Enter a valid e-mail address." })
    .trim()
    .max(254, "The e-mail address may not be longer than 254 characters.")
    .email("Enter a valid e-mail address.")
    .transform((s) => s.toLowerCase())
    .nullable(),
);

/** Digits, spaces, brackets and a leading +; 7 to 20 characters with at least 7 digits. */
export const TELEPHONE_PATTERN = /^\+?[0-9 ()]+$/;
export const TELEPHONE_MESSAGES = {
  length: "The telephone number must be 7 to 20 characters.",
  characters: "Enter a valid telephone number: digits, spaces, brackets and a leading +.",
  digits: "Enter a valid telephone number: at least 7 digits.",
} as const;

/** One message per telephone field: length first, then the characters, then enough digits. */
const optionalTelephone = z.preprocess(
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

/**
 * A list of reference values as sent by JSON (an array), a form (one or more fields, `x` or `x[]`),
 * or nothing at all (an empty list, as an HTML form sends no unchecked boxes).
 */
function referenceList<V extends string>(allowed: readonly { value: V; label: string }[], noun: string) {
  const values = allowed.map((a) => a.value) as string[];
  return z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.unknown())
      .max(allowed.length * 2, `Choose each ${noun} once, from the list.`)
      .transform((list, ctx) => {
        const texts = list.map((s) => (typeof s === "string" ? s.trim() : s)).filter((s) => s !== "");
        const unknown = texts.filter((s) => typeof s !== "string" || !values.includes(s));
        if (unknown.length) {
          const shown = unknown.map((s) => (typeof s === "string" ? s.slice(0, 50) : JSON.stringify(s)?.slice(0, 50)));
          ctx.addIssue({ code: "custom", message: `Unknown ${noun}: ${shown.join(", ")}. Choose from the list.` });
          return z.NEVER;
        }
        return [...new Set(texts as V[])];
      }),
  );
}

const booleanish = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean());

/**
 * A provider as created or updated (JSON, or the text fields of a multipart form; the logo is a file
 * field `logo`). An update replaces every field; the logo stays unless a new one is sent or
 * remove_logo is set.
 */
export const providerBodySchema = z.object({
  name: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(255, "The name may not be longer than 255 characters."),
  ),
  claims_email: optionalEmail,
  claims_telephone: optionalTelephone,
  support_email: optionalEmail,
  support_telephone: optionalTelephone,
  complaints_email: optionalEmail,
  nominal_code: z.preprocess(
    blankToNull,
    z.string({ error: "The nominal code must be text." }).trim().max(20, "The nominal code may not be longer than 20 characters.").nullable(),
  ),
  functions: referenceList(PROVIDER_FUNCTIONS, "function"),
  roles: referenceList(PROVIDER_ROLES, "role"),
  remove_logo: booleanish.optional(),
});
export type ProviderBody = z.infer<typeof providerBodySchema>;

export const providerSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  nominal_code: z.string().nullable(),
  claims_email: z.string().nullable(),
  claims_telephone: z.string().nullable(),
  support_email: z.string().nullable(),
  support_telephone: z.string().nullable(),
  complaints_email: z.string().nullable(),
  /** Path of the logo on the API host (`/files/{key}`), or null. */
  logo_url: z.string().nullable(),
  functions: z.array(z.string()),
  roles: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerListSchema = pagedSchema(providerSchema);
export const providerResponseSchema = z.object({ data: providerSchema });

export const referenceOptionSchema = z.object({ value: z.string(), label: z.string() });
export const referenceListSchema = z.object({ data: z.array(referenceOptionSchema) });
