import {
  calendarEventResponseSchema,
  calendarFeedSchema,
  linkedEventListSchema,
  occurrenceListSchema,
  reminderListSchema,
  reminderResponseSchema,
  type CalendarEventBody,
  type LinkedKind,
  type OccurrenceBody,
} from "#contract/calendar";
import { can, type PermissionHolder } from "../access/permissions";
import type { Api } from "./api.server";

const id = (n: number | string) => encodeURIComponent(String(n));

/** Every occurrence of a period (one page: the period is drawn whole). */
export const occurrencesOf = (api: Api, start: string, end: string) =>
  api.get("/calendar-event", { query: { start_date: start, end_date: end, paginate: "0" }, schema: occurrenceListSchema });
export const getEvent = async (api: Api, eventId: number | string) =>
  (await api.get(`/calendar-event/${id(eventId)}`, { schema: calendarEventResponseSchema })).data;
export const createEvent = (api: Api, body: CalendarEventBody) => api.post("/calendar-event", { body, schema: calendarEventResponseSchema });
export const updateEvent = (api: Api, eventId: number | string, body: CalendarEventBody) =>
  api.put(`/calendar-event/${id(eventId)}`, { body, schema: calendarEventResponseSchema });
export const deleteEvent = (api: Api, eventId: number | string) => api.delete(`/calendar-event/${id(eventId)}`);
export const moveOccurrence = (api: Api, eventId: number | string, date: string, body: OccurrenceBody) =>
  api.put(`/calendar-event/${id(eventId)}/occurrences/${id(date)}`, { body, schema: calendarEventResponseSchema });
export const cancelOccurrence = (api: Api, eventId: number | string, date: string) => api.delete(`/calendar-event/${id(eventId)}/occurrences/${id(date)}`);
export const restoreOccurrence = (api: Api, eventId: number | string, date: string) =>
  api.post(`/calendar-event/${id(eventId)}/occurrences/${id(date)}/restore`, { schema: calendarEventResponseSchema });
export const linkedEvents = async (api: Api, kind: LinkedKind, recordId: number | string) =>
  (await api.get(`/calendar-event/linked/${kind}/${id(recordId)}`, { schema: linkedEventListSchema })).data;

export const calendarFeed = async (api: Api) => (await api.get("/calendar-feed", { schema: calendarFeedSchema })).data;
export const regenerateFeed = async (api: Api) => (await api.post("/calendar-feed", { schema: calendarFeedSchema })).data;

export const upcomingReminders = (api: Api, page = 1) =>
  api.get("/reminders", { query: { "filter[upcoming]": "1", "page[size]": 10, "page[number]": page }, schema: reminderListSchema });
export const getReminder = async (api: Api, reminderId: number | string) =>
  (await api.get(`/reminders/${id(reminderId)}`, { schema: reminderResponseSchema })).data;
export const createReminder = (api: Api, body: FormData) => api.post("/reminders", { body, schema: reminderResponseSchema });
/** Updates go as POST with a method override (a multipart form with documents). */
export function updateReminder(api: Api, reminderId: number | string, body: FormData) {
  body.set("_method", "PUT");
  return api.post(`/reminders/${id(reminderId)}`, { body, schema: reminderResponseSchema });
}
export const snoozeReminder = (api: Api, reminderId: number | string, minutes: number) =>
  api.post(`/reminders/${id(reminderId)}/snooze`, { body: { minutes }, schema: reminderResponseSchema });
export const deleteReminder = (api: Api, reminderId: number | string) => api.delete(`/reminders/${id(reminderId)}`);
export const deleteReminderDocument = (api: Api, reminderId: number | string, docId: number | string) =>
  api.delete(`/reminders/${id(reminderId)}/documents/${id(docId)}`);

/**
 * The "Events" section of a task's, an individual's or a company's page: the events linked to it and whether the
 * user may add one; null (no section) for a user without the calendar, or when the calendar does not answer.
 */
export async function linkedEventsFor(api: Api, subject: PermissionHolder, kind: LinkedKind, recordId: number | string) {
  if (!can(subject, "events_view", "team_events_view", "events_manage")) return null;
  try {
    return { kind, id: String(recordId), events: await linkedEvents(api, kind, recordId), canAdd: can(subject, "events_manage") };
  } catch (error) {
    if (error instanceof Response && error.status >= 500) return null;
    if (error instanceof Response) throw error;
    return null;
  }
}
