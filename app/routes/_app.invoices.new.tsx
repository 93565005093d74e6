import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NewDocumentDrawer } from "../components/sales/new-document";
import { newDocumentAction, newDocumentLoader } from "../services/sales-form.server";

export const loader = ({ request }: LoaderFunctionArgs) => newDocumentLoader(request, "invoice");
export const action = ({ request }: ActionFunctionArgs) => newDocumentAction(request, "invoice");
export default NewDocumentDrawer;
