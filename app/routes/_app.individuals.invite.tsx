import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { invitePortal } from "../services/individuals.server";

const BULK: BulkConfirmation = { list: "/individuals", permission: "individual_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

/** POST /individual/portal-invite: who was invited, and who was skipped (archived, no e-mail address). */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids }) => {
      const result = await invitePortal(api, ids);
      const sent = result.invited.length;
      const skipped = result.skipped.length;
      const reasons = [...new Set(result.skipped.map((s) => s.reason))].join(" ");
      const message = `${sent === 1 ? "1 invitation" : `${sent} invitations`} sent.${skipped ? ` ${skipped} not invited: ${reasons}` : ""}`;
      return { kind: sent === 0 ? "error" : skipped ? "info" : "success", message };
    },
    () => ({ message: "Failed to send the portal invitations." }),
  );

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
