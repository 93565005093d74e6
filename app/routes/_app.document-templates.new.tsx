import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { DocumentTemplateForm } from "../components/document-templates/document-template-form";
import { Drawer } from "../components/drawer";
import { requirePermission } from "../services/auth.server";
import { saveTemplateForm, templateDatapoints } from "../services/document-template-form.server";
import { createDocumentTemplate } from "../services/document-templates.server";
import { readForm } from "../services/forms.server";

const listOf = (request: Request) => `/document-templates${new URL(request.url).search}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "document_template_manage", { route: "/document-templates", back: listOf(request) });
  return { datapoints: templateDatapoints() };
}

export async function action({ request }: ActionFunctionArgs) {
  return saveTemplateForm(request, await readForm(request), (api, body) => createDocumentTemplate(api, body), {
    success: "Document template created.",
    failure: "Failed to create document template.",
  });
}

export default function AddDocumentTemplate() {
  const { datapoints } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Add document template" closeTo={`/document-templates${search}`}>
      <DocumentTemplateForm cancelTo={`/document-templates${search}`} datapoints={datapoints} />
    </Drawer>
  );
}
