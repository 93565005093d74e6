import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requireAccess } from "../services/auth.server";
import { forEachItem, idsFrom, listHrefWithoutIds } from "../services/bulk.server";
import { isUuidText } from "../services/ids.server";
import { deleteProvider } from "../services/providers.server";
import { redirectWithToast } from "../services/session.server";
import { paramsOf } from "../services/submission.server";

const listHref = (url: URL) => listHrefWithoutIds(url, "/providers");
const idsOf = (params: URLSearchParams) => idsFrom(params, isUuidText);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, "/providers");
  const url = new URL(request.url);
  const ids = idsOf(url.searchParams);
  if (ids.length === 0) throw redirect(listHref(url));
  return { ids, back: listHref(url) };
}

/** Deletes the selected providers, one API call each; a partial failure shows the bulk-error banner. */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAccess(request, "/providers");
  const url = new URL(request.url);
  const ids = idsOf(await paramsOf(request));
  const back = listHref(url);
  const { done, failed } = await forEachItem(ids, (id) => deleteProvider(api, id));
  if (failed > 0) {
    return redirectWithToast(request, back, { kind: "error", message: ids.length > 1 ? "Failed to delete providers." : "Failed to delete provider." }, { bulkFailed: failed });
  }
  return redirectWithToast(request, back, { kind: "success", message: done > 1 ? "Providers deleted." : "Provider deleted." });
}

export default function DeleteProviders() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Delete providers"
      message={ids.length === 1 ? "Are you sure you want to delete this provider?" : `Are you sure you want to delete these ${ids.length} providers?`}
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}
