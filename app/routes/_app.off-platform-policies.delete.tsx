import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BulkDeleteDialog, type RecordNouns } from "../components/confirm-dialog";
import { bulkConfirmationLoader, bulkDeleteAction, type BulkConfirmation } from "../services/bulk.server";
import { deleteOffPlatformPolicies } from "../services/off-platform-policies.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete off-platform policy(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/off-platform-policies", permission: "off_platform_policy_delete" };
const NOUNS: RecordNouns = { one: "off-platform policy", many: "off-platform policies" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) => bulkDeleteAction(request, BULK, NOUNS, deleteOffPlatformPolicies);

export default function DeleteOffPlatformPolicies() {
  const { ids, back } = useLoaderData<typeof loader>();
  return <BulkDeleteDialog ids={ids} back={back} nouns={NOUNS} />;
}
