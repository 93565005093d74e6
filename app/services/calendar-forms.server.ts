import { calendarEventBodySchema, occurrenceBodySchema } from "#contract/calendar";
import { isCalendarDate } from "../lib/calendar-view";
import { requirePermission } from "./auth.server";
import { createEvent, moveOccurrence, updateEvent } from "./calendar.server";
import { submitForm } from "./form-action.server";

/** The calendar's address to go back to: its view and day kept, nothing else of the drawer's address. */
export function calendarBack(request: Request): string {
  const search = new URL(request.url).searchParams;
  const keep = new URLSearchParams();
  const view = search.get("view");
  const date = search.get("date");
  if (view && ["month", "week", "day"].includes(view)) keep.set("view", view);
  if (isCalendarDate(date)) keep.set("date", date);
  const q = keep.toString();
  return `/calendar${q ? `?${q}` : ""}`;
}

const guard = (request: Request) => requirePermission(request, "events_manage", { route: "/calendar", back: calendarBack(request) });

/** 'New event' and 'Edit event': the form protocol over the contract's schema. */
export function saveEventForm(request: Request, form: FormData, eventId?: string) {
  return submitForm(request, {
    form,
    guard: () => guard(request),
    schema: calendarEventBodySchema,
    failure: eventId ? "Failed to update event." : "Failed to create event.",
    send: (value, { api }) => (eventId ? updateEvent(api, eventId, value) : createEvent(api, value)),
    success: () => ({ to: calendarBack(request), message: eventId ? "Event updated." : "Event created." }),
  });
}

/** 'Move this occurrence': its new start and end; the series stays. */
export function moveOccurrenceForm(request: Request, form: FormData, eventId: string, date: string) {
  return submitForm(request, {
    intent: "move",
    form,
    guard: () => guard(request),
    schema: occurrenceBodySchema,
    failure: "Failed to move this occurrence.",
    send: (value, { api }) => moveOccurrence(api, eventId, date, value),
    success: () => ({ to: calendarBack(request), message: "Occurrence moved." }),
  });
}
