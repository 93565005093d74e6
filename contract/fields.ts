/**
 * Field schemas for server-side form parsing (conform's parseWithZod in actions, and the API).
 * Each one calls the same pure rule in app/lib that the browser uses while typing, so a form posted
 * without JavaScript is normalised the same way and gets the same messages.
 *
 * Empty fields: conform turns "" (and an empty file input) into undefined, so `.optional()` makes a
 * field optional; a required field answers with its "Enter …" message.
 *
 * Server-only: never import this module from client code (zod must stay out of the browser bundle).
 */
import { z } from "zod";
import { DATE_MESSAGES, parseDateText } from "#common/dates";
import { IMAGE_ONLY_MESSAGE, matchesAccept } from "#common/file-types";
import { NUMBER_MESSAGES, parseNumericText, type NumericOptions } from "#common/numbers";
import { formatSortCode, isCompleteSortCode, SORT_CODE_MESSAGE, sortCodeDigits } from "#common/sort-code";

export { DATE_MESSAGES, IMAGE_ONLY_MESSAGE, NUMBER_MESSAGES, SORT_CODE_MESSAGE };

export const TEXT_MESSAGES = {
  tooLong: (max: number) => `Use ${max} characters or fewer.`,
  choose: "Choose an option.",
  file: "Choose a file.",
  fileType: "Choose a file of an accepted type.",
  fileTooLarge: (maxBytes: number) => `Choose a file smaller than ${formatBytes(maxBytes)}.`,
} as const;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * A numeric text field → number. Digits, an optional leading minus and one decimal point; double dots
 * and repeated dot/minus/slash are refused; a negative where negatives are not allowed is refused
 * (NUMBER_MESSAGES.negative); below min → min, above max → max; past the decimals limit
 * rounded to 2 decimals; with `thousands`, letters and commas are stripped.
 */
export function numericText(options: NumericOptions & { required?: string } = {}) {
  const required = options.required ?? NUMBER_MESSAGES.required;
  return z.string({ error: required }).transform((text, ctx) => {
    const parsed = parseNumericText(text, options);
    if (parsed.kind === "ok") return parsed.value;
    ctx.addIssue({
      code: "custom",
      message: parsed.kind === "empty" ? required : parsed.kind === "negative" ? NUMBER_MESSAGES.negative : NUMBER_MESSAGES.invalid,
    });
    return z.NEVER;
  });
}

/** A sort code → its stored form "12-34-56". Separators are ignored; exactly 6 digits are needed. */
export const sortCode = z.string({ error: SORT_CODE_MESSAGE }).transform((text, ctx) => {
  if (isCompleteSortCode(text)) return formatSortCode(text);
  ctx.addIssue({ code: "custom", message: SORT_CODE_MESSAGE });
  return z.NEVER;
});

/** The same check, giving the 6 digits without dashes (for an API that wants "123456"). */
export const sortCodeDigitsOnly = sortCode.transform((text) => sortCodeDigits(text));

/**
 * Date text "YYYY-MM-DD": the format, a real calendar date, within 200 years of today. `today` is read
 * at parse time (pass one in tests).
 */
export function dateText(options: { today?: () => Date | string; required?: string } = {}) {
  const required = options.required ?? DATE_MESSAGES.format;
  return z.string({ error: required }).transform((text, ctx) => {
    if (text.trim() === "") {
      ctx.addIssue({ code: "custom", message: required });
      return z.NEVER;
    }
    const parsed = parseDateText(text, options.today?.());
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });
}

/** A trimmed text field; empty after trimming answers `message`. */
export function requiredText(message: string, max = 255) {
  return z.string({ error: message }).trim().min(1, message).max(max, TEXT_MESSAGES.tooLong(max));
}

/** A trimmed optional text field; "" and spaces become undefined. */
export function optionalText(max = 255) {
  return z
    .string()
    .trim()
    .max(max, TEXT_MESSAGES.tooLong(max))
    .optional()
    .transform((v) => (v === "" ? undefined : v));
}

/** A select / searchable dropdown value, optionally one of `values`. */
export function selectValue(options: { values?: readonly string[]; message?: string } = {}) {
  const message = options.message ?? TEXT_MESSAGES.choose;
  const values = options.values;
  return z
    .string({ error: message })
    .trim()
    .refine((v) => v !== "" && (!values || values.includes(v)), message);
}

/** A checkbox: present ("on" or any value) → true, absent → false. */
export const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v !== undefined && v !== false && v !== "" && v !== "false");

/** A File from a multipart form (duck-typed: Remix may hand over a polyfilled File class). */
function isFileLike(value: unknown): value is File {
  if (!value || typeof value !== "object") return false;
  const f = value as Partial<File>;
  return typeof f.name === "string" && typeof f.size === "number" && typeof f.type === "string" && typeof f.arrayBuffer === "function";
}

/**
 * An uploaded file, optionally limited by an accept list ("image/*", ".pdf,.docx") and a size. One
 * message at most: missing, then wrong type, then too large.
 */
export function uploadedFile(options: { accept?: string; maxBytes?: number; required?: string; typeMessage?: string } = {}) {
  const required = options.required ?? TEXT_MESSAGES.file;
  return z.custom<File>(isFileLike, { error: required }).transform((file, ctx) => {
    const message =
      file.size === 0 && file.name === ""
        ? required
        : !matchesAccept(options.accept, file)
          ? (options.typeMessage ?? TEXT_MESSAGES.fileType)
          : options.maxBytes !== undefined && file.size > options.maxBytes
            ? TEXT_MESSAGES.fileTooLarge(options.maxBytes)
            : null;
    if (message === null) return file;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** An image upload: image/* only ('Image uploads accept image/* only'). */
export function imageFile(options: { maxBytes?: number; required?: string } = {}) {
  return uploadedFile({ ...options, accept: "image/*", typeMessage: IMAGE_ONLY_MESSAGE });
}
