import { redirect } from "@remix-run/node";
import { TERMINAL_MESSAGES as M, normaliseUkPostcode, SHIPPING_COUNTRY } from "#common/terminal-orders";
import type { HardwareOrderPreview, HardwareSku } from "#contract/terminal-orders";
import { ApiValidationError } from "./api.server";
import { requireAccess, requirePermission } from "./auth.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";
import {
  completeTerminalCheckout,
  createOnboardingLink,
  getConnect,
  listHardwareSkus,
  listShippingMethods,
  newAttemptKey,
  previewTerminalOrder,
  startTerminalCheckout,
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
  // Back from the payment page without paying ("Back to the portal", or the session expired).
  const cancelled = new URL(request.url).searchParams.get("checkout") === "cancelled";
  return { skus, methods, sandbox: connect.sandbox, connectStatus: connect.status_label, cancelled };
}

/**
 * The order page's forms: preview (details → preview), change (back to the details), pay (→ the provider's payment
 * page: Stripe Checkout, or the sandbox's; it comes back to /terminal-orders/checkout).
 */
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
    return { step: "pay", values, preview, key: newAttemptKey(), errors: {}, formError: null } satisfies OrderStep;
  }

  const given = text(form, "idempotency_key", 200);
  const key = /^[\w:.-]{8,200}$/.test(given) ? given : newAttemptKey();
  const pay = (errors: FieldErrors, formError: string | null, attempt = key): OrderStep => ({ step: "pay", values, preview, key: attempt, errors, formError });
  const amount = Number(text(form, "amount", 12));
  if (amount !== preview.total_pence) return pay({}, M.amountChanged, newAttemptKey());
  try {
    const returnUrl = `${new URL(request.url).origin}/terminal-orders/checkout`;
    const session = await startTerminalCheckout(api, { ...(body as never as object), amount, idempotency_key: key, return_url: returnUrl } as never);
    return redirect(session.url, 303);
  } catch (error) {
    // Nothing is charged before the payment page: the same attempt again answers the same session.
    if (isOutage(error)) return pay({}, M.paymentsDown);
    if (!(error instanceof ApiValidationError)) throw error;
    const errors = formErrors(error.body.errors ?? {}, body.items);
    const provider = errors.provider;
    delete errors.provider;
    return pay(errors, provider ? `${M.providerRefused} ${provider.join(" ")}` : error.body.message, newAttemptKey());
  }
}

/**
 * Back from the payment page (`?session_id=`): the paid session's order is made and recorded (once: a reload finds
 * the same order) and the confirmation shown. Not paid: back to the order form, nothing ordered. The provider
 * refusing the order after payment: the payment was refunded, and the orders list says so.
 */
export async function checkoutReturn(request: Request) {
  const { api } = await requirePermission(request, [...ORDER], { route: "/terminal-orders", back: "/terminal-orders" });
  const session = new URL(request.url).searchParams.get("session_id") ?? "";
  if (!/^[\w-]{1,255}$/.test(session)) throw new Response("No such payment.", { status: 404 });
  try {
    const order = await completeTerminalCheckout(api, session);
    return redirectWithToast(request, `/terminal-orders/${order.id}?placed=1`, { kind: "success", message: `Order placed: ${order.provider_order_id}.` });
  } catch (error) {
    if (isOutage(error)) {
      return redirectWithToast(request, "/terminal-orders", {
        kind: "error",
        message: "The payment went through, but the order could not be placed yet: it is placed within a few minutes and shows here.",
      });
    }
    if (!(error instanceof ApiValidationError)) throw error;
    if (error.body.error === "checkout_unpaid") return redirectWithToast(request, "/terminal-orders/new", { kind: "error", message: M.checkoutUnpaid });
    return redirectWithToast(request, "/terminal-orders", { kind: "error", message: error.body.message });
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
