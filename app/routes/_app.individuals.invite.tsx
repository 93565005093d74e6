import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { idsFrom, listHrefWithoutIds, NUMERIC_ID_SHAPE } from "../services/bulk.server";
import { invitePortal } from "../services/individuals.server";
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

/** POST /individual/portal-invite: who was invited, and who was skipped (archived, no e-mail address). */
export async function action({ request }: ActionFunctionArgs) {
  const { api, edition } = await requireManage(request);
  const words = wordsFor(edition);
  const url = new URL(request.url);
  const ids = idsFrom(new URLSearchParams(await request.text()), NUMERIC_ID_SHAPE);
  const back = listHrefWithoutIds(url, "/individuals");
  if (ids.length === 0) throw redirect(back);
  let result;
  try {
    result = await invitePortal(api, ids);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to send the portal invitations." });
  }
  const sent = result.invited.length;
  const skipped = result.skipped.length;
  const reasons = [...new Set(result.skipped.map((s) => s.reason))].join(" ");
  const message = `${sent === 1 ? "1 invitation" : `${sent} invitations`} sent.${skipped ? ` ${skipped} not invited: ${reasons}` : ""}`;
  return redirectWithToast(request, back, { kind: sent === 0 ? "error" : skipped ? "info" : "success", message });
}

export default function InviteIndividuals() {
  const { ids, back, words } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Invite to the client portal"
      message={`Send ${ids.length === 1 ? `this ${words.individual}` : `these ${ids.length} ${words.individuals}`} an e-mail inviting them to your client portal? Those without an e-mail address, or archived, are skipped.`}
      cancelTo={back}
      confirmLabel="Send invitations"
      fields={{ ids }}
    />
  );
}
