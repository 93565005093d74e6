import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { GeneratedDocument, RecordType } from "#contract/document-templates";
import { RECORD_TYPES } from "#contract/list-sorts";
import { Form } from "../components/form/form";
import { Drawer } from "../components/drawer";
import { FormAlert } from "../components/form/field";
import { requirePermission } from "../services/auth.server";
import { ApiValidationError } from "../services/api.server";
import { getDocumentTemplate, recordChoices, applyTemplate } from "../services/document-templates.server";
import { idOf } from "../services/ids.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => `/document-templates${new URL(request.url).search}`;
const guard = (request: Request) => requirePermission(request, "document_template_manage", { route: "/document-templates", back: listOf(request) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  const [template, groups] = await Promise.all([getDocumentTemplate(api, idOf(params.id)), recordChoices(api)]);
  return { template, groups };
}

type Answer = { document?: GeneratedDocument; error?: string; chosen?: string };

/** Makes the document: "task:12" names the record; the answer links to the download. */
export async function action({ request, params }: ActionFunctionArgs): Promise<Answer> {
  const { api } = await guard(request);
  const form = await formOf(request);
  const chosen = String(form.get("record") ?? "");
  const [type, id] = chosen.split(":");
  if (!(RECORD_TYPES as readonly string[]).includes(type) || !Number(id)) return { error: "Choose the record to use the template on.", chosen };
  try {
    return { document: await applyTemplate(api, idOf(params.id), { record_type: type as RecordType, record_id: Number(id) }), chosen };
  } catch (error) {
    if (error instanceof ApiValidationError) return { error: error.body.message, chosen };
    if (error instanceof Response && error.status === 404) return { error: "That record was not found.", chosen };
    throw error;
  }
}

export default function UseDocumentTemplate() {
  const { template, groups } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <Drawer title={`Use "${template.name}"`} closeTo={`/document-templates${search}`}>
      {answer?.document ? (
        <div className="mb-4 rounded border border-green-200 bg-green-50 p-3" role="status">
          <p>Document created.</p>
          <a href={`/document-templates/documents/${answer.document.id}`} className="font-medium underline" download>
            Download {answer.document.file_name}
          </a>
        </div>
      ) : null}
      <Form method="post" className="space-y-3">
        <FormAlert messages={answer?.error ? [answer.error] : undefined} />
        <p className="text-sm text-slate-700">
          {template.kind === "docx" ? "Makes a Word document (DOCX)" : "Makes a PDF"} filled from the record you choose, kept with that record.
        </p>
        <div>
          <label htmlFor="use-record" className="field-label">
            Use on
          </label>
          <select id="use-record" name="record" className="field-input" defaultValue={answer?.chosen ?? ""}>
            <option value="">Choose a record</option>
            {groups.map((g) => (
              <optgroup key={g.group} label={g.group}>
                {g.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="flex justify-end gap-2">
          <Link to={`/document-templates${search}`} className="btn-secondary">
            Close
          </Link>
          <button type="submit" className="btn-primary">
            Make the document
          </button>
        </div>
      </Form>
    </Drawer>
  );
}
