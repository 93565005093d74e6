import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { idsFrom, listHrefWithoutIds, NUMERIC_ID_SHAPE } from "../services/bulk.server";
import { deleteRoles } from "../services/roles.server";
import { redirectWithToast } from "../services/session.server";
import { paramsOf } from "../services/submission.server";

async function requireManage(request: Request) {
  const signedIn = await requireAccess(request, "/roles");
  if (!signedIn.subject.permissions.includes("role_manage")) throw redirect("/roles");
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireManage(request);
  const url = new URL(request.url);
  const ids = idsFrom(url.searchParams, NUMERIC_ID_SHAPE);
  if (ids.length === 0) throw redirect(listHrefWithoutIds(url, "/roles"));
  return { ids, back: listHrefWithoutIds(url, "/roles") };
}

/** Deletes the selected roles in one call; the API deletes all or none. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireManage(request);
  const url = new URL(request.url);
  const ids = idsFrom(await paramsOf(request), NUMERIC_ID_SHAPE);
  const back = listHrefWithoutIds(url, "/roles");
  try {
    await deleteRoles(api, ids.map(Number));
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    const message = error instanceof ApiValidationError ? error.body.message : "Failed to delete roles.";
    return redirectWithToast(request, back, { kind: "error", message }, { bulkFailed: ids.length });
  }
  return redirectWithToast(request, back, { kind: "success", message: ids.length > 1 ? "Roles deleted." : "Role deleted." });
}

export default function DeleteRoles() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Delete roles"
      message={ids.length === 1 ? "Are you sure you want to delete this role? Its users lose the permissions it gives." : `Are you sure you want to delete these ${ids.length} roles? Their users lose the permissions they give.`}
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}
