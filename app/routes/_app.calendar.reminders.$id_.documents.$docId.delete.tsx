import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requirePermission } from "../services/auth.server";
import { deleteReminderDocument, getReminder } from "../services/calendar.server";
import { calendarBack } from "../services/calendar-forms.server";
import { idOf } from "../services/ids.server";
import { redirectWithToast } from "../services/session.server";

/** Back to the reminder's drawer, the calendar's period kept. */
const reminderBack = (request: Request, id: string) => `/calendar/reminders/${id}${calendarBack(request).slice("/calendar".length)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id ?? "");
  const docId = idOf(params.docId ?? "");
  const back = reminderBack(request, id);
  const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back });
  const document = (await getReminder(api, id)).documents.find((d) => String(d.id) === docId);
  if (!document) throw new Response("Document not found.", { status: 404 });
  return { filename: document.filename, back };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idOf(params.id ?? "");
  const back = reminderBack(request, id);
  const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back });
  try {
    await deleteReminderDocument(api, id, idOf(params.docId ?? ""));
  } catch (error) {
    if (error instanceof Response && error.status >= 500) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to delete document." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Document deleted." });
}

export default function DeleteReminderDocument() {
  const { filename, back } = useLoaderData<typeof loader>();
  return <ConfirmDialog title={`Delete ${filename}`} message="Are you sure you want to delete this document?" cancelTo={back} confirmLabel="Delete" />;
}
