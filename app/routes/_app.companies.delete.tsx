import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { idsFrom, listHrefWithoutIds, NUMERIC_ID_SHAPE } from "../services/bulk.server";
import { deleteCompanies } from "../services/companies.server";
import { redirectWithToast } from "../services/session.server";

async function requireManage(request: Request) {
  const signedIn = await requireAccess(request, "/companies");
  if (!signedIn.subject.permissions.includes("company_manage")) throw redirect("/companies");
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { edition } = await requireManage(request);
  const url = new URL(request.url);
  const ids = idsFrom(url.searchParams, NUMERIC_ID_SHAPE);
  if (ids.length === 0) throw redirect(listHrefWithoutIds(url, "/companies"));
  return { ids, back: listHrefWithoutIds(url, "/companies"), words: wordsFor(edition) };
}

/** Deletes the selected companies in one call: the API deletes all of them or none. */
export async function action({ request }: ActionFunctionArgs) {
  const { api, edition } = await requireManage(request);
  const words = wordsFor(edition);
  const url = new URL(request.url);
  const ids = idsFrom(new URLSearchParams(await request.text()), NUMERIC_ID_SHAPE);
  const back = listHrefWithoutIds(url, "/companies");
  if (ids.length === 0) throw redirect(back);
  try {
    await deleteCompanies(api, ids);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    const reason = error instanceof ApiValidationError ? ` ${error.body.message}` : "";
    return redirectWithToast(request, back, { kind: "error", message: `Failed to delete ${words.companies}.${reason}` }, { bulkFailed: ids.length });
  }
  return redirectWithToast(request, back, { kind: "success", message: ids.length > 1 ? `${ids.length} ${words.companies} deleted.` : `${words.company.charAt(0).toUpperCase()}${words.company.slice(1)} deleted.` });
}

export default function DeleteCompanies() {
  const { ids, back, words } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={`Delete ${words.companies}`}
      message={
        ids.length === 1
          ? `Are you sure you want to delete this ${words.company}? Their links to individuals, lines, compliance information, notes and e-mails go too.`
          : `Are you sure you want to delete these ${ids.length} ${words.companies}? Their links to individuals, lines, compliance information, notes and e-mails go too.`
      }
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}
