import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { isCalendarDate, ukDate } from "../lib/calendar-view";
import { requirePermission } from "../services/auth.server";
import { cancelOccurrence, deleteEvent, getEvent } from "../services/calendar.server";
import { calendarBack } from "../services/calendar-forms.server";
import { idOf } from "../services/ids.server";
import { redirectWithToast } from "../services/session.server";

/** With `occurrence`: cancels that one occurrence; without: deletes the event (every occurrence of a series). */
const occurrenceOf = (request: Request) => {
  const date = new URL(request.url).searchParams.get("occurrence");
  return isCalendarDate(date) ? date : null;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  idOf(params.id ?? "");
  const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back: calendarBack(request) });
  const event = await getEvent(api, params.id!);
  return { name: event.name, repeating: event.repeat !== "none", occurrence: occurrenceOf(request), back: calendarBack(request) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = String(idOf(params.id ?? ""));
  const back = calendarBack(request);
  const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back });
  const occurrence = occurrenceOf(request);
  try {
    if (occurrence) await cancelOccurrence(api, id, occurrence);
    else await deleteEvent(api, id);
  } catch (error) {
    if (error instanceof Response && error.status >= 500) throw error;
    return redirectWithToast(request, back, { kind: "error", message: occurrence ? "Failed to cancel this occurrence." : "Failed to delete event." });
  }
  return redirectWithToast(request, back, { kind: "success", message: occurrence ? "Occurrence cancelled." : "Event deleted." });
}

export default function DeleteEvent() {
  const { name, repeating, occurrence, back } = useLoaderData<typeof loader>();
  if (occurrence) {
    return (
      <ConfirmDialog
        title={`Cancel ${name} on ${ukDate(occurrence)}`}
        message="Only this occurrence is cancelled; the rest of the series stays."
        cancelTo={back}
        cancelLabel="Keep it"
        confirmLabel="Cancel occurrence"
      />
    );
  }
  return (
    <ConfirmDialog
      title={`Delete ${name}`}
      message={repeating ? "Are you sure you want to delete this event and every occurrence of it?" : "Are you sure you want to delete this event?"}
      cancelTo={back}
      confirmLabel="Delete"
    />
  );
}
