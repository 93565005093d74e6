import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { archiveIndividuals } from "../services/individuals.server";

/** `restore=1` is the confirmation's own flag: the way back leaves it out. */
const BULK: BulkConfirmation = { list: "/individuals", permission: "individual_manage", ownParams: ["restore"] };
const restoring = (url: URL) => url.searchParams.get("restore") === "1";

export async function loader({ request }: LoaderFunctionArgs) {
  const confirmation = await bulkConfirmationLoader(request, BULK);
  return { ...confirmation, restore: restoring(new URL(request.url)) };
}

/** Archives (or, with ?restore=1, restores) the selected individuals in one call. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids, words, url }) => {
      await archiveIndividuals(api, ids, !restoring(url));
      return {
        kind: "success",
        message: `${ids.length} ${ids.length === 1 ? words.individual : words.individuals} ${restoring(url) ? "restore" : "archive"}d.`,
      };
    },
    ({ words, url }) => ({ message: `Failed to ${restoring(url) ? "restore" : "archive"} ${words.individuals}.`, markFailed: true }),
  );

export default function ArchiveIndividuals() {
  const { ids, restore, back, words } = useLoaderData<typeof loader>();
  const what = ids.length === 1 ? `this ${words.individual}` : `these ${ids.length} ${words.individuals}`;
  return (
    <ConfirmDialog
      title={restore ? `Restore ${words.individuals}` : `Archive ${words.individuals}`}
      message={
        restore
          ? `Restore ${what} to the active list?`
          : `Are you sure you want to archive ${what}? Archived ${words.individuals} leave the list and cannot be invited to the portal; they can be restored.`
      }
      cancelTo={back}
      confirmLabel={restore ? "Restore" : "Archive"}
      fields={{ ids }}
    />
  );
}
