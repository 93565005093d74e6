import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deleteDocumentTemplates } from "../services/document-templates.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete document template(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/document-templates", permission: "document_template_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids }) => {
      const deleted = await deleteDocumentTemplates(api, ids);
      return { kind: "success", message: deleted > 1 ? "Document templates deleted." : "Document template deleted." };
    },
    ({ ids }) => ({ message: ids.length > 1 ? "Failed to delete document templates." : "Failed to delete document template.", markFailed: true }),
  );

export default function DeleteDocumentTemplates() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={ids.length === 1 ? "Delete document template" : "Delete document templates"}
      message={
        ids.length === 1 ? "Are you sure you want to delete this document template?" : `Are you sure you want to delete these ${ids.length} document templates?`
      }
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}
