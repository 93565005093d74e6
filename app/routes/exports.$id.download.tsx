import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../services/auth.server";
import { downloadExport } from "../services/exports.server";
import { idOf } from "../services/ids.server";

/** An export's file, downloaded through the portal with the session (the API serves it to its owner only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  const { api } = await requireUser(request);
  return downloadExport(api, id);
}
