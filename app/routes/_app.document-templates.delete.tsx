import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BulkDeleteDialog, type RecordNouns } from "../components/confirm-dialog";
import { bulkConfirmationLoader, bulkDeleteAction, type BulkConfirmation } from "../services/bulk.server";
import { deleteDocumentTemplates } from "../services/document-templates.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete document template(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/document-templates", permission: "document_template_manage" };
const NOUNS: RecordNouns = { one: "document template", many: "document templates" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) => bulkDeleteAction(request, BULK, NOUNS, deleteDocumentTemplates);

export default function DeleteDocumentTemplates() {
  const { ids, back } = useLoaderData<typeof loader>();
  return <BulkDeleteDialog ids={ids} back={back} nouns={NOUNS} />;
}
