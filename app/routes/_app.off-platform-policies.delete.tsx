import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deleteOffPlatformPolicies } from "../services/off-platform-policies.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete off-platform policy(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/off-platform-policies", permission: "off_platform_policy_delete" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids }) => {
      const deleted = await deleteOffPlatformPolicies(api, ids);
      return { kind: "success", message: deleted > 1 ? "Off-platform policies deleted." : "Off-platform policy deleted." };
    },
    ({ ids }) => ({ message: ids.length > 1 ? "Failed to delete off-platform policies." : "Failed to delete off-platform policy.", markFailed: true }),
  );

export default function DeleteOffPlatformPolicies() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={ids.length === 1 ? "Delete off-platform policy" : "Delete off-platform policies"}
      message={
        ids.length === 1
          ? "Are you sure you want to delete this off-platform policy?"
          : `Are you sure you want to delete these ${ids.length} off-platform policies?`
      }
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}
