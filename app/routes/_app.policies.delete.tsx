import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deletePolicies } from "../services/policies.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete policy(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/policies", permission: "policy_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids }) => {
      const deleted = await deletePolicies(api, ids);
      return { kind: "success", message: deleted > 1 ? "Policies deleted." : "Policy deleted." };
    },
    ({ ids }) => ({ message: ids.length > 1 ? "Failed to delete policies." : "Failed to delete policy.", markFailed: true }),
  );

export default function DeletePolicies() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={ids.length === 1 ? "Delete policy" : "Delete policies"}
      message={ids.length === 1 ? "Are you sure you want to delete this policy?" : `Are you sure you want to delete these ${ids.length} policies?`}
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}
