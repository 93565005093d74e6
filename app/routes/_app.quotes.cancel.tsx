import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BulkDocumentConfirm } from "../components/sales/bulk-confirm";
import { bulkDocumentRoute } from "../services/sales-bulk.server";

export const loader = (args: LoaderFunctionArgs) => bulkDocumentRoute("quote", "cancel").loader(args);
export const action = (args: ActionFunctionArgs) => bulkDocumentRoute("quote", "cancel").action(args);
export default BulkDocumentConfirm;
