import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { idsFrom, listHrefWithoutIds, NUMERIC_ID_SHAPE } from "../services/bulk.server";
import { deleteIndividuals } from "../services/individuals.server";
import { redirectWithToast } from "../services/session.server";

async function requireManage(request: Request) {
  const signedIn = await requireAccess(request, "/individuals");
  if (!signedIn.subject.permissions.includes("individual_manage")) throw redirect("/individuals");
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { edition } = await requireManage(request);
  const url = new URL(request.url);
  const ids = idsFrom(url.searchParams, NUMERIC_ID_SHAPE);
  if (ids.length === 0) throw redirect(listHrefWithoutIds(url, "/individuals"));
  return { ids, back: listHrefWithoutIds(url, "/individuals"), words: wordsFor(edition) };
}

/** Deletes the selected individuals in one call: the API deletes all of them or none. */
export async function action({ request }: ActionFunctionArgs) {
  const { api, edition } = await requireManage(request);
  const words = wordsFor(edition);
  const url = new URL(request.url);
  const ids = idsFrom(new URLSearchParams(await request.text()), NUMERIC_ID_SHAPE);
  const back = listHrefWithoutIds(url, "/individuals");
  if (ids.length === 0) throw redirect(back);
  try {
    await deleteIndividuals(api, ids);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    const reason = error instanceof ApiValidationError ? ` ${error.body.message}` : "";
    return redirectWithToast(request, back, { kind: "error", message: `Failed to delete ${words.individuals}.${reason}` }, { bulkFailed: ids.length });
  }
  return redirectWithToast(request, back, { kind: "success", message: ids.length > 1 ? `${ids.length} ${words.individuals} deleted.` : `${words.individual.charAt(0).toUpperCase()}${words.individual.slice(1)} deleted.` });
}

export default function DeleteIndividuals() {
  const { ids, back, words } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={`Delete ${words.individuals}`}
      message={
        ids.length === 1
          ? `Are you sure you want to delete this ${words.individual}? Their company links, notes and e-mails go too.`
          : `Are you sure you want to delete these ${ids.length} ${words.individuals}? Their company links, notes and e-mails go too.`
      }
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}
