import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requireUser } from "../services/auth.server";
import { fromParam, getNotification, pagesParam, panelHref } from "../services/notifications.server";

/** 'Delete' in the panel asks first (spec §4): this confirmation posts the delete to the panel's action. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request);
  const n = await getNotification(api, params.id ?? "");
  const url = new URL(request.url);
  return { id: n.id, title: n.data.title, panel: panelHref(fromParam(url), pagesParam(url)) };
}

export default function DeleteNotification() {
  const { id, title, panel } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Delete notification"
      message={
        <>
          Are you sure you want to delete this notification?
          <span className="mt-1 block font-medium text-slate-800">{title}</span>
        </>
      }
      cancelTo={panel}
      confirmLabel="Delete"
      action={panel}
      fields={{ intent: "delete", id }}
    />
  );
}
