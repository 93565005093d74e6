import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deleteCompanies } from "../services/companies.server";

const BULK: BulkConfirmation = { list: "/companies", permission: "company_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

/** Deletes the selected companies in one call: the API deletes all of them or none. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids, words }) => {
      await deleteCompanies(api, ids);
      return {
        kind: "success",
        message: ids.length > 1 ? `${ids.length} ${words.companies} deleted.` : `${words.company.charAt(0).toUpperCase()}${words.company.slice(1)} deleted.`,
      };
    },
    ({ words, reason }) => ({ message: `Failed to delete ${words.companies}.${reason}`, markFailed: true }),
  );

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
