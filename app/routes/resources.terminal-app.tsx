import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { cancelTerminalPayment, connectionToken, getTerminalPayment, presentTestCard, startPayment, unlockOf } from "../services/terminal-app.server";

const text = (form: FormData, k: string) => {
  const v = form.get(k);
  return typeof v === "string" ? v.trim() : "";
};

/** The terminal-reader island's calls (JSON): start, status, cancel, present a test card, a connection token. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requirePermission(request, ["terminal_request", "terminal_manage"], { route: "/terminal-app", back: "/terminal-app/pay" });
  const form = await request.formData();
  const id = text(form, "id");
  try {
    switch (text(form, "intent")) {
      case "start":
        return {
          ok: true,
          data: await startPayment(api, {
            reader_id: text(form, "reader_id"),
            ...(text(form, "invoice_id") ? { invoice_id: text(form, "invoice_id") } : { amount_pence: text(form, "amount") }),
            idempotency_key: text(form, "idempotency_key"),
            unlock_token: (await unlockOf(request)) ?? undefined,
          }),
        };
      case "status":
        return { ok: true, data: await getTerminalPayment(api, id) };
      case "cancel":
        return { ok: true, data: await cancelTerminalPayment(api, id) };
      case "present":
        return { ok: true, data: await presentTestCard(api, id, text(form, "number")) };
      case "token":
        return { ok: true, data: await connectionToken(api) };
      default:
        return new Response(JSON.stringify({ ok: false, error: "Unknown request." }), { status: 400, headers: { "content-type": "application/json" } });
    }
  } catch (error) {
    if (error instanceof ApiValidationError) {
      const fields = Object.values(error.body.errors ?? {}).flat();
      return { ok: false, error: fields[0] ?? error.body.message };
    }
    if (error instanceof Response && error.status >= 500)
      return { ok: false, error: "The card-terminal provider did not answer. Try again: nothing is charged twice." };
    throw error;
  }
}
