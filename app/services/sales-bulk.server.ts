import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SALES_KINDS, type SalesKind } from "../components/sales/kinds";
import { bulkConfirmationAction, bulkConfirmationLoader, forEachItem, type BulkConfirmation } from "./bulk.server";
import { deleteDocument, documentAction } from "./sales-documents.server";

export type BulkOperation = "mark-sent" | "cancel" | "delete";

const DONE: Record<BulkOperation, string> = { "mark-sent": "marked as sent", cancel: "cancelled", delete: "deleted" };

/**
 * A bulk confirmation of a quotes or invoices list (mark as sent, cancel, delete drafts): the ids from the
 * address, one call per document, a toast on the list; the documents their status did not allow (a draft
 * cancelled, a sent one deleted) are counted as failed, and the list's banner says so.
 */
export function bulkDocumentRoute(kind: SalesKind, operation: BulkOperation) {
  const k = SALES_KINDS[kind];
  const spec: BulkConfirmation = { list: k.portal, permission: operation === "delete" ? k.remove : k.manage };
  return {
    loader: async ({ request }: LoaderFunctionArgs) => ({ ...(await bulkConfirmationLoader(request, spec)), kind, operation }),
    action: ({ request }: ActionFunctionArgs) =>
      bulkConfirmationAction(
        request,
        spec,
        async ({ api, ids }) => {
          const { done, failed } = await forEachItem(ids, (id) =>
            operation === "delete" ? deleteDocument(api, kind, id) : documentAction(api, kind, id, operation),
          );
          if (done === 0) return { kind: "error", message: `No ${k.noun} was ${DONE[operation]}: their status does not allow it.`, bulkFailed: failed };
          const what = done === 1 ? `1 ${k.noun}` : `${done} ${k.plural}`;
          return { kind: "success", message: `${what} ${DONE[operation]}.`, ...(failed ? { bulkFailed: failed } : {}) };
        },
        () => ({ message: `Failed: the ${k.plural} could not be ${DONE[operation]}.`, markFailed: true }),
      ),
  };
}
