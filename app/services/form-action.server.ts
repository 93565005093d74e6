import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { SAVE_INTENT, type FormAnswer } from "../components/form/form-result";
import type { ChoiceFinder, ChoiceFinds } from "../lib/choice-find";
import { unsavedForm, type UnsavedForm } from "../lib/unsaved-form";
import { ApiValidationError } from "./api.server";
import { applyChoiceFinds } from "./choice-find.server";
import { answerOutage, OUTAGE_MESSAGE } from "./outage.server";
import { redirectWithToast } from "./session.server";

/**
 * The form protocol, server side: every form's action answers a refusal with `replyForm` (conform's submission
 * result and the intent it answers, read in the component by `useFormResult(intent)`) and a success with a
 * redirect and a toast. `submitForm` does all of it for a form whose fields a zod schema describes.
 */

type Errors = Record<string, string[]>;

/** A form's refusal: its result under its intent (422 by default; 503 with `unsaved` when the API did not answer). */
export function replyForm(intent: string, result: SubmissionResult<string[]>, init: { status?: number; unsaved?: UnsavedForm; found?: ChoiceFinds } = {}) {
  const answer: FormAnswer = { form: { intent, result }, ...(init.unsaved ? { unsaved: init.unsaved } : {}), ...(init.found ? { found: init.found } : {}) };
  return data(answer, { status: init.status ?? 422 });
}

/** A form's top line when fields are refused: the messages under the fields say what; this says what to do. */
export const CHECK_FIELDS_MESSAGE = "Check the fields marked below.";

/**
 * The top line of a refused form: "Check the fields marked below." when some field has a message, else the
 * form's own failure line ("Failed to create task."), kept for refusals no field explains.
 */
export function refusalLine(fieldErrors: Errors | undefined, failure: string): string {
  const marked = Object.entries(fieldErrors ?? {}).some(([name, messages]) => name !== "" && messages?.length);
  return marked ? CHECK_FIELDS_MESSAGE : failure;
}

/** A refusal made without a zod submission (a form read by hand): what was typed is kept as its values. */
export function refuseForm(
  intent: string,
  form: FormData,
  errors: { fieldErrors?: Errors; formErrors?: string[] },
  init: { status?: number; unsaved?: UnsavedForm; found?: ChoiceFinds; hideFields?: string[] } = {},
) {
  const error: Record<string, string[]> = { ...(errors.fieldErrors ?? {}) };
  if (errors.formErrors?.length) error[""] = errors.formErrors;
  const result: SubmissionResult<string[]> = { status: "error", initialValue: valuesOf(form, init.hideFields), error };
  return replyForm(intent, result, init);
}

/**
 * A form read by hand checked with the contract's schema before the API is asked, as the API reads it: the form's
 * fields as sent (no conform coercion, so "" clears a field as it does in the API), or the body the action built
 * from them. Its value, or the schema's messages by field (a list's item, "to[0]", under its field) and the
 * form's own (`formErrors`).
 */
export function checkForm<S extends z.ZodType>(
  sent: FormData | Record<string, unknown>,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; errors: Errors; formErrors: string[] } {
  let issues: [string, string[]][];
  if (sent instanceof FormData) {
    const submission = parseWithZod(sent, { schema, disableAutoCoercion: true });
    if (submission.status === "success") return { ok: true, value: submission.value as z.output<S> };
    issues = Object.entries(submission.error ?? {}).map(([name, messages]) => [name.replace(/[[.].*$/, ""), messages ?? []]);
  } else {
    const parsed = schema.safeParse(sent);
    if (parsed.success) return { ok: true, value: parsed.data };
    issues = parsed.error.issues.map((issue) => [String(issue.path[0] ?? ""), [issue.message]]);
  }
  const errors: Errors = {};
  const formErrors: string[] = [];
  for (const [field, messages] of issues) {
    const into = field === "" ? formErrors : (errors[field] ??= []);
    for (const m of messages) if (!into.includes(m)) into.push(m);
  }
  return { ok: false, errors, formErrors };
}

/** The form's text values as conform takes them back: one value, or a list for a repeated field; files and secrets left out. */
export function valuesOf(form: FormData, hide: readonly string[] = []): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of unsavedForm(form).fields) {
    if (hide.includes(name)) continue;
    const known = values[name];
    values[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return values;
}

/**
 * Runs a form's action; when the API does not answer at any step (the guard's `/me` included), the form comes
 * back as typed with the outage message on top, and the answer carries what was sent as `unsaved` (README, "How
 * it is built"): with JavaScript the page stays filled in, without it the 503 page offers to send it again.
 */
export const keepOnOutage = <T>(intent: string, form: FormData, run: () => Promise<T>) =>
  answerOutage(form, run, (unsaved) => refuseForm(intent, form, { formErrors: [OUTAGE_MESSAGE] }, { status: 503, unsaved }));

export interface SubmitForm<S extends z.ZodType, G, T> {
  /** Which form of the page this is (its `intent` field); a page's only form is `save`. */
  intent?: string;
  /** The form as the action read it, once (formOf, readForm). */
  form: FormData;
  /** Who may send it (requirePermission): runs first, inside the outage handling. */
  guard: () => Promise<G>;
  /**
   * Without JavaScript, the searches behind the form's dropdowns (a name typed beside one): each finds its choice
   * into the form before it is checked; what finds none or several refuses the form, and what they found goes
   * back with every refusal (app/lib/choice-find.ts).
   */
  finders?: (guarded: G) => Record<string, ChoiceFinder>;
  /** The fields' rules, the API's own: checked before the API is asked, on the fields as sent ("" stays ""). */
  schema: S;
  /**
   * The body the API is sent, when the action builds it from the form (empty fields left out of a create): the
   * schema checks it as the API will read it, and `send` gets it checked. By default the form's fields are checked.
   */
  body?: (form: FormData) => Record<string, unknown>;
  /** The form's top line on a refusal (the API's, or the schema's unless `failureOnInvalid` is false). */
  failure?: string | ((guarded: G, refused?: ApiValidationError) => string);
  failureOnInvalid?: boolean;
  /** A refusal of the form before it is parsed (an upload too large, a choice left empty): the messages by field. */
  precheck?: (guarded: G) => Errors | null;
  /** The API's field errors as the form's fields are named (by default as they are). */
  fieldErrors?: (refused: ApiValidationError) => Errors;
  /**
   * Every refusal's messages (the body's check, the API's) as the form's fields are named, when the body's names
   * are not the form's: a split sent second, `splits.1.party`, under the row it was typed in.
   */
  renameFields?: (errors: Errors) => Errors;
  /** Fields never sent back (passwords). */
  hideFields?: string[];
  /** The API call(s). */
  send: (value: z.output<S>, guarded: G) => Promise<T>;
  /** Where to go and what the toast says once it is saved. */
  success: (saved: T, guarded: G) => { to: string; message: string };
}

/** The name of the field that holds `name`'s value: `to[0]` → `to`, `trigger.days` → `trigger`, `splits.1.party` → `splits.1`. */
const parentName = (name: string) => name.replace(/(?:\[\d+\]|\.[^.[\]]+)$/, "");

/**
 * A refusal's messages under the fields the form has: a message about a part of a field's value (an address of
 * the list typed into `to`, "to[0]") goes under that field; a name the form has is kept, and so is one with no
 * field of the form above it. Messages filed twice under one field are said once.
 */
export function underFields(form: FormData, errors: Record<string, string[] | null | undefined>): Errors {
  const has = (name: string) => name === "" || form.has(name);
  const filed: Errors = {};
  for (const [name, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    let field = name;
    while (!has(field) && parentName(field) !== field) field = parentName(field);
    const into = (filed[has(field) ? field : name] ??= []);
    for (const m of messages) if (!into.includes(m)) into.push(m);
  }
  return filed;
}

/** A zod issue's path as conform names a field: `to[0]`, `trigger.days`. */
const pathName = (path: readonly PropertyKey[]) => path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");

/**
 * The one server helper of a form: guard, find the dropdowns' typed choices, check with the zod schema (the
 * fields as sent, or the body built from them), call the API, map its `errors` back onto the fields
 * (`submission.reply({ fieldErrors, formErrors })`), redirect with a toast on success; an outage brings the form
 * back as typed. Every refusal keeps what was typed and files each message under the field it is about.
 */
export function submitForm<S extends z.ZodType, G, T>(request: Request, spec: SubmitForm<S, G, T>) {
  const intent = spec.intent ?? SAVE_INTENT;
  const form = spec.form;
  return keepOnOutage(intent, form, async () => {
    const guarded = await spec.guard();
    const top = (refused?: ApiValidationError) => {
      if (spec.failure === undefined) return [];
      if (typeof spec.failure === "string") return [spec.failure];
      return [spec.failure(guarded, refused)];
    };
    const hideFields = spec.hideFields;
    const found = spec.finders ? await applyChoiceFinds(form, spec.finders(guarded)) : undefined;
    const pre = spec.precheck?.(guarded) ?? (found && Object.keys(found.errors).length ? found.errors : null);
    // The form's fields as sent: conform's coercion would make an emptied field undefined, so "" could not clear it.
    const submission = spec.body ? null : parseWithZod(form, { schema: spec.schema, disableAutoCoercion: true });
    const refuse = (errors: { fieldErrors?: Errors; formErrors?: string[] }) => {
      const named = errors.fieldErrors && spec.renameFields ? spec.renameFields(errors.fieldErrors) : errors.fieldErrors;
      const fieldErrors = named ? underFields(form, named) : undefined;
      if (!submission) return refuseForm(intent, form, { ...errors, fieldErrors }, { found, hideFields });
      const result = submission.reply({ ...(fieldErrors ? { fieldErrors } : {}), ...(errors.formErrors ? { formErrors: errors.formErrors } : {}), hideFields });
      if (result.error) result.error = underFields(form, result.error);
      return replyForm(intent, result, { found });
    };
    if (pre) return refuse({ fieldErrors: pre, formErrors: top() });
    let value: z.output<S>;
    if (submission) {
      if (submission.status !== "success") return refuse(spec.failureOnInvalid === false ? {} : { formErrors: top() });
      value = submission.value as z.output<S>;
    } else {
      const checked = spec.schema.safeParse(spec.body!(form));
      if (!checked.success) {
        const fieldErrors: Errors = {};
        for (const issue of checked.error.issues) (fieldErrors[pathName(issue.path)] ??= []).push(issue.message);
        const { "": formErrors = [], ...marked } = fieldErrors;
        return refuse({ fieldErrors: marked, formErrors: spec.failureOnInvalid === false ? formErrors : [...top(), ...formErrors] });
      }
      value = checked.data;
    }
    let saved: T;
    try {
      saved = await spec.send(value, guarded);
    } catch (error) {
      if (!(error instanceof ApiValidationError)) throw error;
      const fieldErrors = spec.fieldErrors ? spec.fieldErrors(error) : (error.body.errors ?? {});
      return refuse({ fieldErrors, formErrors: top(error) });
    }
    const { to, message } = spec.success(saved, guarded);
    return redirectWithToast(request, to, { kind: "success", message });
  });
}

/** The form's `intent` field ("" when it has none). */
export const intentOf = (form: FormData | URLSearchParams) => {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
};

/**
 * An action of several forms: `intents` maps each form's intent to its handler, and the form's `intent` field
 * picks one. Any other intent is `unknown`'s (a family of intents, "remove-line-2"; a resource route's own answer),
 * or, when it answers undefined or is not given, a 400.
 */
export function dispatchIntent<R>(
  form: FormData | URLSearchParams,
  intents: Record<string, (intent: string) => R>,
  unknown?: (intent: string) => R | undefined,
): R {
  const intent = intentOf(form);
  if (Object.hasOwn(intents, intent)) return intents[intent](intent);
  const answer = unknown?.(intent);
  if (answer === undefined) throw new Response("This form is not one this page knows.", { status: 400 });
  return answer;
}
