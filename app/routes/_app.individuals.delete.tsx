import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deleteIndividuals } from "../services/individuals.server";

const BULK: BulkConfirmation = { list: "/individuals", permission: "individual_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

/** Deletes the selected individuals in one call: the API deletes all of them or none. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids, words }) => {
      await deleteIndividuals(api, ids);
      return {
        kind: "success",
        message:
          ids.length > 1 ? `${ids.length} ${words.individuals} deleted.` : `${words.individual.charAt(0).toUpperCase()}${words.individual.slice(1)} deleted.`,
      };
    },
    ({ words, reason }) => ({ message: `Failed to delete ${words.individuals}.${reason}`, markFailed: true }),
  );

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
