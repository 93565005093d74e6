import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BulkDocumentConfirm } from "../components/sales/bulk-confirm";
import { bulkDocumentRoute } from "../services/sales-bulk.server";

export const loader = (args: LoaderFunctionArgs) => bulkDocumentRoute("quote", "mark-sent").loader(args);
export const action = (args: ActionFunctionArgs) => bulkDocumentRoute("quote", "mark-sent").action(args);
export default BulkDocumentConfirm;
