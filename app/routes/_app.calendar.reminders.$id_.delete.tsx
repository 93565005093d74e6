import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requirePermission } from "../services/auth.server";
import { deleteReminder, getReminder } from "../services/calendar.server";
import { calendarBack } from "../services/calendar-forms.server";
import { idOf } from "../services/ids.server";
import { redirectWithToast } from "../services/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id ?? "");
  const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back: calendarBack(request) });
  return { name: (await getReminder(api, id)).name, back: calendarBack(request) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idOf(params.id ?? "");
  const back = calendarBack(request);
  const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back });
  try {
    await deleteReminder(api, id);
  } catch (error) {
    if (error instanceof Response && error.status >= 500) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to delete reminder." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Reminder deleted." });
}

export default function DeleteReminder() {
  const { name, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog title={`Delete ${name}`} message="Are you sure you want to delete this reminder and its documents?" cancelTo={back} confirmLabel="Delete" />
  );
}
