import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { documentTemplateBodySchema } from "#contract/document-templates";
import { Drawer } from "../components/drawer";
import { DocumentTemplateForm } from "../components/document-templates/document-template-form";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { createDocumentTemplate } from "../services/document-templates.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => `/document-templates${new URL(request.url).search}`;
const guard = (request: Request) => requirePermission(request, "document_template_manage", { route: "/document-templates", back: listOf(request) });

export async function loader({ request }: LoaderFunctionArgs) {
  await guard(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: documentTemplateBodySchema,
    failure: "Failed to create document template.",
    send: (value, { api }) => createDocumentTemplate(api, value),
    success: () => ({ to: listOf(request), message: "Document template created." }),
  });
}

export default function AddDocumentTemplate() {
  const { search } = useLocation();
  return (
    <Drawer title="Add document template" closeTo={`/document-templates${search}`}>
      <DocumentTemplateForm cancelTo={`/document-templates${search}`} />
    </Drawer>
  );
}
