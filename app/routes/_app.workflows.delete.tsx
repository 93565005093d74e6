import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BulkDeleteDialog, type RecordNouns } from "../components/confirm-dialog";
import type { Words } from "../lib/labels";
import { bulkConfirmationLoader, bulkDeleteAction, type BulkConfirmation } from "../services/bulk.server";
import { deleteWorkflows } from "../services/workflows.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete workflow(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/workflows", permission: "task_manage" };
/** smallBusiness calls them automations. */
const nouns = (words: Words): RecordNouns => ({ one: words.workflow, many: words.workflowPlural });

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) => bulkDeleteAction(request, BULK, nouns, deleteWorkflows);

export default function DeleteWorkflows() {
  const { ids, back, words } = useLoaderData<typeof loader>();
  return <BulkDeleteDialog ids={ids} back={back} nouns={nouns(words)} />;
}
