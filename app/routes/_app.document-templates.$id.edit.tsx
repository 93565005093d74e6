import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { documentTemplateBodySchema } from "#contract/document-templates";
import { Drawer } from "../components/drawer";
import { DocumentTemplateForm } from "../components/document-templates/document-template-form";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { idOf } from "../services/ids.server";
import { getDocumentTemplate, updateDocumentTemplate } from "../services/document-templates.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => `/document-templates${new URL(request.url).search}`;
const guard = (request: Request) => requirePermission(request, "document_template_manage", { route: "/document-templates", back: listOf(request) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { documentTemplate: await getDocumentTemplate(api, idOf(params.id)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: documentTemplateBodySchema,
    failure: "Failed to update document template.",
    send: (value, { api }) => updateDocumentTemplate(api, idOf(params.id), value),
    success: () => ({ to: listOf(request), message: "Document template updated." }),
  });
}

export default function EditDocumentTemplate() {
  const { documentTemplate } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Edit document template" closeTo={`/document-templates${search}`}>
      <DocumentTemplateForm documentTemplate={documentTemplate} cancelTo={`/document-templates${search}`} />
    </Drawer>
  );
}
