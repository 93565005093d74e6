import { DATAPOINTS, documentTemplateBodySchema } from "#contract/document-templates";
import type { Api } from "./api.server";
import { requirePermission } from "./auth.server";
import { submitForm } from "./form-action.server";
import { chosenFile } from "./forms.server";

export const templateDatapoints = () => Object.values(DATAPOINTS).flatMap((g) => Object.entries(g).map(([key, label]) => ({ key, label: label as string })));

/** Saves the drawer's multipart form (a new template or an edit): the name, the body, and the DOCX when one is chosen. */
export function saveTemplateForm(
  request: Request,
  { form, tooLarge }: { form: FormData; tooLarge: boolean },
  send: (api: Api, body: FormData) => Promise<unknown>,
  messages: { success: string; failure: string },
) {
  const back = `/document-templates${new URL(request.url).search}`;
  return submitForm(request, {
    form,
    guard: () => requirePermission(request, "document_template_manage", { route: "/document-templates", back }),
    schema: documentTemplateBodySchema,
    failure: messages.failure,
    hideFields: ["file"],
    precheck: () => (tooLarge ? { file: ["The Word document must be 2 MB or smaller."] } : null),
    send: (value, { api }) => {
      const body = new FormData();
      body.set("name", value.name);
      if (value.body) body.set("body", value.body);
      const file = chosenFile(form, "file");
      if (file) body.set("file", file, file.name);
      return send(api, body);
    },
    success: () => ({ to: back, message: messages.success }),
  });
}
