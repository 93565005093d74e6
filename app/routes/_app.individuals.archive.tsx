import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { idsFrom, listHrefWithoutIds, NUMERIC_ID_SHAPE } from "../services/bulk.server";
import { archiveIndividuals } from "../services/individuals.server";
import { redirectWithToast } from "../services/session.server";

async function requireManage(request: Request) {
  const signedIn = await requireAccess(request, "/individuals");
  if (!signedIn.subject.permissions.includes("individual_manage")) throw redirect("/individuals");
  return signedIn;
}

/** The list behind the confirmation: its query without the ids and the restore flag. */
function back(url: URL) {
  const u = new URL(url);
  u.searchParams.delete("restore");
  return listHrefWithoutIds(u, "/individuals");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { edition } = await requireManage(request);
  const url = new URL(request.url);
  const ids = idsFrom(url.searchParams, NUMERIC_ID_SHAPE);
  if (ids.length === 0) throw redirect(back(url));
  return { ids, restore: url.searchParams.get("restore") === "1", back: back(url), words: wordsFor(edition) };
}

/** Archives (or, with ?restore=1, restores) the selected individuals in one call. */
export async function action({ request }: ActionFunctionArgs) {
  const { api, edition } = await requireManage(request);
  const words = wordsFor(edition);
  const url = new URL(request.url);
  const restore = url.searchParams.get("restore") === "1";
  const ids = idsFrom(new URLSearchParams(await request.text()), NUMERIC_ID_SHAPE);
  if (ids.length === 0) throw redirect(back(url));
  const verb = restore ? "restore" : "archive";
  try {
    await archiveIndividuals(api, ids, !restore);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back(url), { kind: "error", message: `Failed to ${verb} ${words.individuals}.` }, { bulkFailed: ids.length });
  }
  return redirectWithToast(request, back(url), { kind: "success", message: `${ids.length} ${ids.length === 1 ? words.individual : words.individuals} ${verb}d.` });
}

export default function ArchiveIndividuals() {
  const { ids, restore, back, words } = useLoaderData<typeof loader>();
  const what = ids.length === 1 ? `this ${words.individual}` : `these ${ids.length} ${words.individuals}`;
  return (
    <ConfirmDialog
      title={restore ? `Restore ${words.individuals}` : `Archive ${words.individuals}`}
      message={restore ? `Restore ${what} to the active list?` : `Are you sure you want to archive ${what}? Archived ${words.individuals} leave the list and cannot be invited to the portal; they can be restored.`}
      cancelTo={back}
      confirmLabel={restore ? "Restore" : "Archive"}
      fields={{ ids }}
    />
  );
}
