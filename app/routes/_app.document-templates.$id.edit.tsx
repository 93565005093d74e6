import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { DocumentTemplateForm } from "../components/document-templates/document-template-form";
import { Drawer } from "../components/drawer";
import { requirePermission } from "../services/auth.server";
import { saveTemplateForm, templateDatapoints } from "../services/document-template-form.server";
import { getDocumentTemplate, updateDocumentTemplate } from "../services/document-templates.server";
import { readForm } from "../services/forms.server";
import { idOf } from "../services/ids.server";

const listOf = (request: Request) => `/document-templates${new URL(request.url).search}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requirePermission(request, "document_template_manage", { route: "/document-templates", back: listOf(request) });
  return { template: await getDocumentTemplate(api, idOf(params.id)), datapoints: templateDatapoints() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idOf(params.id);
  return saveTemplateForm(request, await readForm(request), (api, body) => updateDocumentTemplate(api, id, body), {
    success: "Document template updated.",
    failure: "Failed to update document template.",
  });
}

export default function EditDocumentTemplate() {
  const { template, datapoints } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Edit document template" closeTo={`/document-templates${search}`}>
      <DocumentTemplateForm template={template} cancelTo={`/document-templates${search}`} datapoints={datapoints} />
    </Drawer>
  );
}
