import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BulkDeleteDialog, type RecordNouns } from "../components/confirm-dialog";
import { bulkConfirmationLoader, bulkDeleteAction, type BulkConfirmation } from "../services/bulk.server";
import { deletePolicies } from "../services/policies.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete policy(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/policies", permission: "policy_manage" };
const NOUNS: RecordNouns = { one: "policy", many: "policies" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) => bulkDeleteAction(request, BULK, NOUNS, deletePolicies);

export default function DeletePolicies() {
  const { ids, back } = useLoaderData<typeof loader>();
  return <BulkDeleteDialog ids={ids} back={back} nouns={NOUNS} />;
}
