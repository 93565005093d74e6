import { redirect } from "@remix-run/node";
import { TERMINAL_MESSAGES as M, normaliseUkPostcode, SHIPPING_COUNTRY } from "#common/terminal-orders";
import type { HardwareOrderPreview, HardwareSku } from "#contract/terminal-orders";
import { ApiValidationError } from "./api.server";
import { requireAccess, requirePermission } from "./auth.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";
import {
  createOnboardingLink,
  getConnect,
  listHardwareSkus,
  listShippingMethods,
  newAttemptKey,
  placeTerminalOrder,
  previewTerminalOrder,
} from "./terminal-orders.server";

/**
 * The card-terminal forms, read by hand (kept here so that zod and the contract stay out of the pages' JavaScript):
 * onboarding with Stripe Connect, and the hardware order in three steps — details, preview and pay, confirmation.
 */

const ORDER = ["terminal_request", "terminal_manage"] as const;
const DETAIL_FIELDS = ["shipping_method", "name", "company", "email", "phone", "line1", "line2", "city", "state", "postal_code"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

export type OrderValues = Record<DetailField, string> & { qty: Record<string, string> };
export type FieldErrors = Record<string, string[]>;

export type OrderStep =
  | { step: "details"; values: OrderValues; errors: FieldErrors; formError: string | null }
  | {
      step: "pay";
      values: OrderValues;
      preview: HardwareOrderPreview;
      key: string;
      card: { holder: string; expiry: string };
      errors: FieldErrors;
      formError: string | null;
    };

const text = (form: FormData, name: string, max = 200) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, max) : "";
};

function readValues(form: FormData, skus: HardwareSku[]): OrderValues {
  const values = Object.fromEntries(DETAIL_FIELDS.map((f) => [f, text(form, f)])) as Record<DetailField, string>;
  const qty = Object.fromEntries(skus.map((s) => [s.id, text(form, `qty_${s.id}`, 12).trim()]));
  return { ...values, qty };
}

/** The API's body: lines with a quantity typed (a typed 0 goes too, to be refused under its field). */
function bodyOf(values: OrderValues) {
  const items = Object.entries(values.qty)
    .filter(([, q]) => q !== "")
    .map(([sku, q]) => ({ terminal_hardware_sku: sku, quantity: /^-?\d+$/.test(q) ? Number(q) : (q as unknown as number) }));
  return {
    shipping_method: values.shipping_method,
    shipping: {
      name: values.name,
      company: values.company,
      email: values.email,
      phone: values.phone,
      address: { line1: values.line1, line2: values.line2, city: values.city, state: values.state, postal_code: values.postal_code, country: SHIPPING_COUNTRY },
    },
    items,
  };
}

/** The API's field names onto the form's. */
function formErrors(errors: FieldErrors, items: { terminal_hardware_sku: string }[]): FieldErrors {
  const out: FieldErrors = {};
  const add = (k: string, m: string[]) => (out[k] = [...(out[k] ?? []), ...m]);
  for (const [key, messages] of Object.entries(errors)) {
    const item = /^items\.(\d+)\./.exec(key);
    if (item) add(`qty_${items[Number(item[1])]?.terminal_hardware_sku ?? ""}`, messages);
    else if (key === "items") add("items", messages);
    else if (key.startsWith("shipping.address.")) add(key.slice("shipping.address.".length), messages);
    else if (key.startsWith("shipping.")) add(key.slice("shipping.".length), messages);
    else if (key === "shipping") add("line1", messages);
    else if (key.startsWith("card.")) add(key.slice("card.".length), messages);
    else if (key === "card" || key === "payment_method_id") add("number", messages);
    else add(key, messages);
  }
  return out;
}

const isOutage = (error: unknown) => error instanceof Response && error.status === 503;

export async function newOrderData(request: Request) {
  const { api } = await requirePermission(request, [...ORDER], { route: "/terminal-orders", back: "/terminal-orders" });
  const [skus, methods, connect] = await Promise.all([listHardwareSkus(api), listShippingMethods(api), getConnect(api)]);
  return { skus, methods, sandbox: connect.sandbox, connectStatus: connect.status_label };
}

/** The card form's fields: the expiry as MM/YY (or MM/YYYY). */
function readCard(form: FormData) {
  const holder = text(form, "holder", 100).trim();
  const number = text(form, "number", 30).trim();
  const expiry = text(form, "expiry", 7).trim();
  const cvc = text(form, "cvc", 4).trim();
  const errors: FieldErrors = {};
  if (!holder) errors.holder = ["Enter the name on the card."];
  if (!/^[\d -]{12,23}$/.test(number) || number.replace(/\D/g, "").length < 12) errors.number = ["Enter the card number (12 to 19 digits)."];
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) errors.expiry = ["Enter the expiry date as MM/YY."];
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = ["Enter the 3 or 4 digit security code."];
  const year = m ? (m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])) : 0;
  return { card: { number, exp_month: month, exp_year: year, cvc, holder }, errors, kept: { holder, expiry } };
}

/** The order page's forms: preview (details → preview), change (back to the details), pay (→ confirmation). */
export async function orderAction(request: Request) {
  const form = await formOf(request);
  const { api } = await requirePermission(request, [...ORDER], { route: "/terminal-orders", back: "/terminal-orders" });
  const intent = text(form, "intent", 20);
  const skus = await listHardwareSkus(api);
  const values = readValues(form, skus);
  const body = bodyOf(values);
  const details = (errors: FieldErrors, formError: string | null): OrderStep => ({ step: "details", values, errors, formError });

  if (intent === "change") return details({}, null);
  if (intent !== "preview" && intent !== "pay") throw new Response("Unknown form", { status: 400 });

  // The preview: the provider's prices, shipping and VAT (the pay step draws it again after a refusal).
  let preview: HardwareOrderPreview;
  try {
    preview = await previewTerminalOrder(api, body as never);
  } catch (error) {
    if (isOutage(error)) return details({}, M.providerDown);
    if (!(error instanceof ApiValidationError)) throw error;
    const errors = formErrors(error.body.errors ?? {}, body.items);
    const provider = errors.provider;
    delete errors.provider;
    return details(
      errors,
      provider ? `${M.providerRefused} ${provider.join(" ")}` : Object.keys(errors).length ? "Check the order below." : error.body.message,
    );
  }
  // As the API keeps it (Royal Mail's form): "ls1 4ap" reads "LS1 4AP" from here on.
  values.postal_code = normaliseUkPostcode(values.postal_code) ?? values.postal_code;
  if (intent === "preview") {
    return { step: "pay", values, preview, key: newAttemptKey(), card: { holder: values.name, expiry: "" }, errors: {}, formError: null } satisfies OrderStep;
  }

  const given = text(form, "idempotency_key", 200);
  const key = /^[\w:.-]{8,200}$/.test(given) ? given : newAttemptKey();
  const { card, errors: cardErrors, kept } = readCard(form);
  const pay = (errors: FieldErrors, formError: string | null, attempt = key): OrderStep => ({
    step: "pay",
    values,
    preview,
    key: attempt,
    card: kept,
    errors,
    formError,
  });
  if (Object.keys(cardErrors).length) return pay(cardErrors, "Check the card details below.");
  const amount = Number(text(form, "amount", 12));
  if (amount !== preview.total_pence) return pay({}, M.amountChanged, newAttemptKey());
  try {
    const order = await placeTerminalOrder(api, { ...(body as never as object), amount, card, idempotency_key: key } as never);
    return redirectWithToast(request, `/terminal-orders/${order.id}?placed=1`, { kind: "success", message: `Order placed: ${order.provider_order_id}.` });
  } catch (error) {
    // Not known whether the card was charged: the same attempt again charges it at most once.
    if (isOutage(error)) return pay({}, M.paymentsDown);
    if (!(error instanceof ApiValidationError)) throw error;
    const errors = formErrors(error.body.errors ?? {}, body.items);
    const provider = errors.provider;
    delete errors.provider;
    // Refused (declined, a changed total, the provider's refusal): nothing was ordered; another attempt is a new one.
    return pay(errors, provider ? `${M.providerRefused} ${provider.join(" ")}` : error.body.message, newAttemptKey());
  }
}

// ------------------------------------------------------------------------------------------------ Connect

export async function connectData(request: Request) {
  const { api } = await requireAccess(request, "/stripe-connect");
  return getConnect(api);
}

/** Start or continue onboarding: a fresh one-time link, and the browser sent to it (a form POST, no JavaScript). */
export async function onboardingAction(request: Request) {
  await formOf(request);
  const { api } = await requirePermission(request, "terminal_manage", { route: "/stripe-connect", back: "/stripe-connect" });
  const url = new URL(request.url);
  try {
    const link = await createOnboardingLink(api, `${url.origin}/stripe-connect`);
    return redirect(link.url, 303);
  } catch (error) {
    if (isOutage(error)) {
      return redirectWithToast(request, "/stripe-connect", { kind: "error", message: "Stripe Connect did not answer. Nothing was changed; please try again." });
    }
    if (error instanceof ApiValidationError) return redirectWithToast(request, "/stripe-connect", { kind: "error", message: error.body.message });
    throw error;
  }
}
