import { providerBodySchema } from "#contract/providers";
import { requirePermission } from "./auth.server";
import { chosenFile } from "./forms.server";
import { submitForm } from "./form-action.server";
import type { Api } from "./api.server";

/**
 * Saves the provider drawer form (the form protocol's submitForm): validates as the API will, forwards the
 * fields and logo as multipart, maps the API's field errors back under each field; on success back to the list
 * (its URL state kept) with a toast.
 */
export function saveProviderForm(
  request: Request,
  { form, tooLarge }: { form: FormData; tooLarge: boolean },
  send: (api: Api, body: FormData) => Promise<unknown>,
  messages: { success: string; failure: string },
) {
  const back = `/providers${new URL(request.url).search}`;
  return submitForm(request, {
    form,
    guard: () => requirePermission(request, "provider_manage", { route: "/providers", back }),
    schema: providerBodySchema,
    failure: messages.failure,
    precheck: () => (tooLarge ? { logo: ["The logo must be 2 MB or smaller."] } : null),
    send: (value, { api }) => {
      const body = new FormData();
      for (const [key, v] of Object.entries(value)) {
        if (Array.isArray(v)) for (const item of v) body.append(`${key}[]`, item);
        else if (typeof v === "boolean") body.set(key, v ? "1" : "0");
        else if (v !== null && v !== undefined) body.set(key, String(v));
      }
      const logo = chosenFile(form, "logo");
      if (logo) body.set("logo", logo, logo.name);
      return send(api, body);
    },
    success: () => ({ to: back, message: messages.success }),
  });
}
