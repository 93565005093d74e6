/**
 * The terminal app (smallBusiness): locations, reader keys, readers, the PIN unlock of the reader screen and
 * in-person payments on a reader. Money is integer pence. Constants and messages: contract/terminal-constants.ts.
 */
import { z } from "zod";
import { poundsToPence } from "#common/payments";
import { normalisePostcode } from "./clients";
import { pagedSchema } from "./common";
import { READER_PASSWORD_MIN, TERMINAL_MESSAGES as M } from "./terminal-constants";
export * from "./terminal-constants";

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(max));
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().trim().max(max, M.tooLong(max)).nullable().optional());
const id = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v), z.number({ error: message }).int(message).positive(message));
const key = z
  .string({ error: M.key })
  .trim()
  .min(8, M.key)
  .max(255, M.key)
  .regex(/^[\x21-\x7e]+$/, M.key);

/** POST /terminal-app/locations, PUT /terminal-app/locations/{id}. */
export const locationBodySchema = z.object({
  display_name: text(M.displayName, 100),
  line1: text(M.line1, 200),
  line2: optionalText(200),
  city: text(M.city, 100),
  postal_code: z
    .string({ error: M.postalCode })
    .max(10, M.postalCode)
    .transform((s, ctx) => {
      const p = normalisePostcode(s);
      if (!p) ctx.addIssue({ code: "custom", message: M.postalCode });
      return p ?? s;
    }),
});
export type LocationBody = z.infer<typeof locationBodySchema>;

/** POST /terminal-app/reader-keys, PUT /terminal-app/reader-keys/{id} (the password left empty on an edit keeps it). */
export const readerKeyBodySchema = z
  .object({
    location_id: id(M.location),
    reader_name: text(M.readerName, 100),
    password: z.string({ error: M.password }).max(200, M.tooLong(200)).optional().default(""),
    confirm_password: z.string().max(200, M.tooLong(200)).optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.password !== "" && v.password.length < READER_PASSWORD_MIN) ctx.addIssue({ code: "custom", path: ["password"], message: M.password });
    if (v.password !== v.confirm_password) ctx.addIssue({ code: "custom", path: ["confirm_password"], message: M.passwordsDiffer });
  });
export type ReaderKeyBody = z.infer<typeof readerKeyBodySchema>;

/** POST /terminal-app/readers. */
export const readerBodySchema = z.object({
  location_id: id(M.location),
  label: text(M.label, 100),
  registration_code: text(M.registrationCode, 100),
});
export type ReaderBody = z.infer<typeof readerBodySchema>;

/** POST /terminal-app/unlock: the user's profile PIN. */
export const unlockBodySchema = z.object({ pin: z.string({ error: M.pin }).trim().min(1, M.pin).max(20, M.pinWrong) });

const amount = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (poundsToPence(v) ?? Number.NaN)) : v),
  z.number({ error: M.amount }).int(M.amount).min(30, M.amountMin).max(100_000_000, M.amount).optional(),
);

/** POST /terminal-app/payments: an amount (pence, or pounds as typed) or a sent invoice, on a reader. */
export const terminalPaymentBodySchema = z
  .object({
    reader_id: id(M.reader),
    amount_pence: amount,
    invoice_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), id(M.invoice).optional()),
    description: optionalText(200),
    idempotency_key: key,
    unlock_token: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.amount_pence === undefined && v.invoice_id === undefined) ctx.addIssue({ code: "custom", path: ["amount_pence"], message: M.amountOrInvoice });
  });
export type TerminalPaymentBody = z.input<typeof terminalPaymentBodySchema>;

/** POST /terminal-app/readers/{id}/present-card (simulated readers only). */
export const presentCardBodySchema = z.object({ number: z.string({ error: M.card }).trim().min(12, M.card).max(23, M.card) });

export const locationSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  provider_location_id: z.string(),
  readers_count: z.number().int(),
  created_at: z.string(),
});
export type TerminalLocation = z.infer<typeof locationSchema>;

export const readerKeySchema = z.object({
  id: z.number().int(),
  reader_name: z.string(),
  location: z.object({ id: z.number().int(), display_name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReaderKey = z.infer<typeof readerKeySchema>;

export const readerSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  device_type: z.string(),
  device_label: z.string(),
  serial_number: z.string(),
  simulated: z.boolean(),
  provider_reader_id: z.string(),
  location: z.object({ id: z.number().int(), display_name: z.string() }),
  created_at: z.string(),
});
export type TerminalReader = z.infer<typeof readerSchema>;

export const terminalPaymentSchema = z.object({
  id: z.number().int(),
  status: z.enum(["starting", "waiting", "approved", "declined", "cancelled"]),
  status_label: z.string(),
  amount_pence: z.number().int(),
  description: z.string(),
  reader: z.object({ id: z.number().int(), label: z.string(), simulated: z.boolean() }).nullable(),
  invoice: z.object({ id: z.number().int(), number: z.string().nullable() }).nullable(),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The payment in Customer transactions (/transactions/{id}), once the reader answered. */
  payment_id: z.number().int().nullable(),
  provider: z.string(),
  sandbox: z.boolean(),
  created_at: z.string(),
});
export type TerminalPayment = z.infer<typeof terminalPaymentSchema>;

export const locationListSchema = pagedSchema(locationSchema);
export const readerKeyListSchema = pagedSchema(readerKeySchema);
export const readerListSchema = pagedSchema(readerSchema);
export const locationResponseSchema = z.object({ data: locationSchema });
export const readerKeyResponseSchema = z.object({ data: readerKeySchema });
export const readerResponseSchema = z.object({ data: readerSchema });
export const terminalPaymentResponseSchema = z.object({ data: terminalPaymentSchema });
export const unlockResponseSchema = z.object({ data: z.object({ unlock_token: z.string(), expires_at: z.string() }) });
export const pinStatusSchema = z.object({
  data: z.object({ pin_is_allowed: z.boolean(), has_pin: z.boolean(), provider: z.string(), simulated: z.boolean() }),
});
export const connectionTokenSchema = z.object({ data: z.object({ secret: z.string(), provider: z.string() }) });
export const payableInvoicesSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), number: z.string().nullable(), client: z.string().nullable(), total_pence: z.number().int() })),
});
