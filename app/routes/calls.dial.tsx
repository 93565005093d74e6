import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CALL_ENTITY_TYPES, type CallEntityType } from "#contract/call-constants";
import { safeReturnPath } from "../access/account-menu";
import { ApiValidationError } from "../services/api.server";
import { requireUser } from "../services/auth.server";
import { recordCall } from "../services/calls.server";
import { redirectWithToast } from "../services/session.server";

/** Not a page: the Call button's form posts here. */
export const loader = ({ request }: LoaderFunctionArgs) => redirect(safeReturnPath(new URL(request.url).searchParams.get("from")) ?? "/dashboard");

/**
 * The Call button without JavaScript: the call is recorded in the record's call log, then the browser is sent to
 * the tel: address, which the device's own dialler (a phone, or a softphone on a desktop) opens. A refusal (no
 * permission to make calls, no number) goes back to the page with the reason.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request);
  const form = await request.formData();
  const back = safeReturnPath(String(form.get("from") ?? "")) ?? "/dashboard";
  const type = String(form.get("entity_type")) as CallEntityType;
  const id = Number(form.get("entity_id"));
  if (!CALL_ENTITY_TYPES.includes(type) || !Number.isInteger(id) || id <= 0 || id > 2147483647) {
    return redirectWithToast(request, back, { kind: "error", message: "Choose whom to call." });
  }
  try {
    const { data } = await recordCall(api, type, id);
    return redirect(`tel:${data.to.replace(/[^\d+*#]/g, "")}`);
  } catch (error) {
    if (error instanceof ApiValidationError) return redirectWithToast(request, back, { kind: "error", message: error.body.message });
    if (error instanceof Response && error.status === 403)
      return redirectWithToast(request, back, { kind: "error", message: (await error.text()) || "This action is unauthorized." });
    throw error;
  }
}
