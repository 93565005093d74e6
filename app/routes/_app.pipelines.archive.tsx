import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { setPipelinesStatus } from "../services/pipelines.server";

/** `status=1` (unarchive) is the confirmation's own flag: the way back leaves it out. */
const BULK: BulkConfirmation = { list: "/pipelines", permission: "pipeline_manage", ownParams: ["status"] };
const statusOf = (url: URL): 0 | 1 => (url.searchParams.get("status") === "1" ? 1 : 0);

export async function loader({ request }: LoaderFunctionArgs) {
  const confirmation = await bulkConfirmationLoader(request, BULK);
  return { ...confirmation, status: statusOf(new URL(request.url)) };
}

/** Archives (or, with ?status=1, unarchives) the selected pipelines in one call. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids, url }) => {
      const status = statusOf(url);
      await setPipelinesStatus(api, ids.map(Number), status);
      const done = status === 1 ? "restored" : "archived";
      return { kind: "success", message: ids.length > 1 ? `Pipelines ${done}.` : `Pipeline ${done}.` };
    },
    ({ url }) => ({ message: statusOf(url) === 1 ? "Failed to unarchive pipelines." : "Failed to archive pipelines.", markFailed: true }),
  );

export default function ArchivePipelines() {
  const { ids, status, back } = useLoaderData<typeof loader>();
  const verb = status === 1 ? "unarchive" : "archive";
  return (
    <ConfirmDialog
      title={status === 1 ? "Unarchive pipelines" : "Archive pipelines"}
      message={ids.length === 1 ? `Are you sure you want to ${verb} this pipeline?` : `Are you sure you want to ${verb} these ${ids.length} pipelines?`}
      cancelTo={back}
      confirmLabel={status === 1 ? "Unarchive" : "Archive"}
      fields={{ ids }}
    />
  );
}
