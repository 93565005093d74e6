import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { providerBodySchema } from "#contract/providers";
import { ApiValidationError } from "./api.server";
import { chosenFile } from "./forms.server";
import { redirectWithToast } from "./session.server";

/**
 * Saves the provider drawer form: validates as the API will, forwards the fields and logo as multipart,
 * maps the API's field errors back under each field; on success back to the list with a toast.
 */
export async function saveProviderForm(
  request: Request,
  { form, tooLarge }: { form: FormData; tooLarge: boolean },
  send: (body: FormData) => Promise<unknown>,
  messages: { success: string; failure: string },
  backTo: string,
) {
  const submission = parseWithZod(form, { schema: providerBodySchema });
  if (tooLarge) {
    return data({ result: submission.reply({ fieldErrors: { logo: ["The logo must be 2 MB or smaller."] }, formErrors: [messages.failure] }) }, { status: 422 });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: [messages.failure] }) }, { status: 422 });
  }
  const body = new FormData();
  for (const [key, value] of Object.entries(submission.value)) {
    if (Array.isArray(value)) for (const v of value) body.append(`${key}[]`, v);
    else if (typeof value === "boolean") body.set(key, value ? "1" : "0");
    else if (value !== null && value !== undefined) body.set(key, String(value));
  }
  const logo = chosenFile(form, "logo");
  if (logo) body.set("logo", logo, logo.name);
  try {
    await send(body);
  } catch (error) {
    if (error instanceof ApiValidationError) {
      return data({ result: submission.reply({ fieldErrors: error.body.errors ?? {}, formErrors: [messages.failure] }) }, { status: 422 });
    }
    throw error;
  }
  return redirectWithToast(request, backTo, { kind: "success", message: messages.success });
}
