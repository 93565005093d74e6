import { z } from "zod";
import {
  CALENDAR_PAGE_SIZE,
  LINKED_KINDS,
  calendarDate,
  isRealDate,
  calendarEventBodySchema,
  calendarEventResponseSchema,
  calendarFeedSchema,
  linkedEventListSchema,
  occurrenceBodySchema,
  occurrenceListSchema,
  reminderListSchema,
  reminderResponseSchema,
  snoozeBodySchema,
} from "#contract/calendar";
import { listQuerySchema } from "#contract/common";
import { attachment, sendStoredFile } from "#api/http/files";
import { HttpError, notFound } from "#api/http/errors";
import { pathId } from "#api/http/ids";
import { parseOr422 } from "#api/http/validation";
import { readForm } from "#api/http/multipart";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { feedCalendar, feedOf, regenerateFeed } from "./feed";
import * as reminders from "./reminders";
import * as service from "./service";

/** Reading the calendar: the caller's own events always; their teams' and the company's by permission (service.visibleOwners). */
const READ = { permissions: ["events_view", "team_events_view", "events_manage"] } as const;
const MANAGE = { permissions: ["events_manage"] } as const;

const id = pathId;
const eventParams = z.object({ id });
// The date is checked after the event is found, so another company's event and a missing one answer alike.
const occurrenceParams = z.object({ id, date: z.string().max(20) });
const occurrenceDate = (date: string) => {
  if (!isRealDate(date)) throw notFound("Occurrence");
  return date;
};
const documentParams = z.object({ id, docId: id });

const windowQuery = listQuerySchema({ defaultSize: CALENDAR_PAGE_SIZE, maxSize: 1000 }).extend({
  start_date: calendarDate("Enter the start date of the period as YYYY-MM-DD."),
  end_date: calendarDate("Enter the end date of the period as YYYY-MM-DD."),
  /** "0" or "false": every occurrence of the window in one page. */
  paginate: z.string().max(5).optional(),
});

/** `_method` of a POST (form field or query) or the X-HTTP-Method-Override header. */
function overriddenMethod(fields: Record<string, unknown>, query: unknown, header: unknown): string | undefined {
  const candidates = [fields._method, (query as Record<string, unknown> | undefined)?._method, header];
  const found = candidates.find((v) => typeof v === "string" && v.trim() !== "");
  return typeof found === "string" ? found.trim().toUpperCase() : undefined;
}

export default routes((r) => {
  // ------------------------------------------------------------ events
  r.get(
    "/calendar-event",
    { access: READ, query: windowQuery, response: occurrenceListSchema, summary: "The occurrences of the caller's visible events in a period" },
    async ({ auth, query, request }) => {
      const all = await service.occurrencesIn(request.server.database.db, auth, { startDate: query.start_date, endDate: query.end_date });
      const unpaged = query.paginate === "0" || query.paginate === "false";
      const page = unpaged ? { number: 1, size: Math.max(1, all.length) } : query.page;
      const start = (page.number - 1) * page.size;
      return paged(request, { ...query, page }, all.slice(start, start + page.size), all.length);
    },
  );

  r.post(
    "/calendar-event",
    { access: MANAGE, body: calendarEventBodySchema, response: calendarEventResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      const event = await service.createEvent(request.server.database.db, auth, body);
      reply.code(201);
      return { data: event };
    },
  );

  r.get(
    "/calendar-event/linked/:kind/:id",
    {
      access: READ,
      params: z.object({ kind: z.string().max(20), id }),
      response: linkedEventListSchema,
      summary: "Events linked to a task, an individual or a company",
    },
    async ({ auth, params, request }) => {
      const kind = LINKED_KINDS.find((k) => k === params.kind);
      // One answer for an unknown kind, a missing record and another company's.
      if (!kind) throw notFound("Record");
      return { data: await service.linkedEvents(request.server.database.db, auth, kind, params.id) };
    },
  );

  r.get("/calendar-event/:id", { access: READ, params: eventParams, response: calendarEventResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getEvent(request.server.database.db, auth, params.id),
  }));

  r.put(
    "/calendar-event/:id",
    { access: MANAGE, params: eventParams, response: calendarEventResponseSchema, summary: "Update an event (the whole series); body as for a new event" },
    async ({ auth, params, request }) => {
      // Found first (404), then the body checked: another company's event answers as a missing one.
      await service.getEvent(request.server.database.db, auth, params.id);
      const body = parseOr422(calendarEventBodySchema, request.body ?? {});
      return { data: await service.updateEvent(request.server.database.db, auth, params.id, body) };
    },
  );

  r.delete("/calendar-event/:id", { access: MANAGE, params: eventParams }, async ({ auth, params, request }) => {
    await service.deleteEvent(request.server.database.db, auth, params.id);
  });

  r.put(
    "/calendar-event/:id/occurrences/:date",
    {
      access: MANAGE,
      params: occurrenceParams,
      response: calendarEventResponseSchema,
      summary: "Move one occurrence of a series (the series is unchanged): start_date, start_time, end_date, end_time",
    },
    async ({ auth, params, request }) => {
      await service.getEvent(request.server.database.db, auth, params.id);
      const date = occurrenceDate(params.date);
      const body = parseOr422(occurrenceBodySchema, request.body ?? {});
      return { data: await service.moveOccurrence(request.server.database.db, auth, params.id, date, body) };
    },
  );

  r.delete(
    "/calendar-event/:id/occurrences/:date",
    { access: MANAGE, params: occurrenceParams, summary: "Cancel one occurrence of a series (the others stay)" },
    async ({ auth, params, request }) => {
      await service.getEvent(request.server.database.db, auth, params.id);
      await service.cancelOccurrence(request.server.database.db, auth, params.id, occurrenceDate(params.date));
    },
  );

  r.post(
    "/calendar-event/:id/occurrences/:date/restore",
    { access: MANAGE, params: occurrenceParams, response: calendarEventResponseSchema, summary: "Put one occurrence back as the series has it" },
    async ({ auth, params, request }) => {
      await service.getEvent(request.server.database.db, auth, params.id);
      await service.restoreOccurrence(request.server.database.db, auth, params.id, occurrenceDate(params.date));
      return { data: await service.getEvent(request.server.database.db, auth, params.id) };
    },
  );

  // ------------------------------------------------------------ the caller's ICS feed
  r.get("/calendar-feed", { access: READ, response: calendarFeedSchema, summary: "The caller's private calendar feed address" }, async ({ auth, request }) => ({
    data: await feedOf(request.server.database.db, auth.tenantId, auth.userId, request.server.config.PORTAL_URL),
  }));

  r.post(
    "/calendar-feed",
    { access: READ, response: calendarFeedSchema, summary: "A new private calendar feed address (the old one stops working)" },
    async ({ auth, request }) => ({ data: await regenerateFeed(request.server.database.db, auth.tenantId, auth.userId, request.server.config.PORTAL_URL) }),
  );

  /** The feed itself: public, the unguessable token is the key (as Outlook and Google Calendar subscribe to it). */
  r.get(
    "/calendar-feed/:token",
    { access: { public: true }, params: z.object({ token: z.string().max(80) }), responseType: "text/calendar", summary: "A user's calendar as ICS" },
    async ({ params, request, reply }) => {
      const text = await feedCalendar(request.server.database.db, params.token.replace(/\.ics$/, ""));
      if (text === null) throw notFound("Calendar");
      reply.header("Content-Type", "text/calendar; charset=utf-8");
      reply.header("Content-Disposition", 'inline; filename="calendar.ics"');
      reply.header("Cache-Control", "private, max-age=300");
      return reply.send(text);
    },
  );

  // ------------------------------------------------------------ reminders
  r.get(
    "/reminders",
    { access: READ, query: listQuerySchema({ defaultSize: 10, maxSize: 100 }), response: reminderListSchema },
    async ({ auth, query, request }) => {
      const { rows, total } = await reminders.listReminders(request.server.database.db, auth, query);
      return paged(request, query, rows, total);
    },
  );

  r.post(
    "/reminders",
    { access: MANAGE, response: reminderResponseSchema, status: 201, summary: "Create a reminder (multipart, with documents)" },
    async ({ auth, request, reply }) => {
      const form = await readForm(request, reminders.DOCUMENT_FIELDS, { documents: "document", "documents[]": "document" });
      const reminder = await reminders.createReminder(request.server.database, request.server.storage, auth, form);
      reply.code(201);
      return { data: reminder };
    },
  );

  r.get("/reminders/:id", { access: READ, params: eventParams, response: reminderResponseSchema }, async ({ auth, params, request }) => ({
    data: await reminders.getReminder(request.server.database.db, auth, params.id),
  }));

  /** Update sent as POST with `_method=PUT` (a multipart form with documents). */
  r.post(
    "/reminders/:id",
    { access: MANAGE, params: eventParams, response: reminderResponseSchema, summary: "Update a reminder (multipart, _method=PUT), adding documents" },
    async ({ auth, params, request }) => {
      await reminders.getReminder(request.server.database.db, auth, params.id);
      const form = await readForm(request, reminders.DOCUMENT_FIELDS, { documents: "document", "documents[]": "document" });
      const method = overriddenMethod(form.fields, request.query, request.headers["x-http-method-override"]);
      if (method !== "PUT" && method !== "PATCH") throw new HttpError(405, "To update a reminder, send _method=PUT with the POST.");
      return { data: await reminders.updateReminder(request.server.database, request.server.storage, auth, params.id, form) };
    },
  );

  r.post(
    "/reminders/:id/snooze",
    { access: MANAGE, params: eventParams, body: snoozeBodySchema, response: reminderResponseSchema, summary: "Snooze a reminder: it fires again later" },
    async ({ auth, params, body, request }) => ({ data: await reminders.snoozeReminder(request.server.database, auth, params.id, body.minutes) }),
  );

  r.delete("/reminders/:id", { access: MANAGE, params: eventParams }, async ({ auth, params, request }) => {
    await reminders.deleteReminder(request.server.database.db, request.server.storage, auth, params.id);
  });

  r.get(
    "/reminders/:id/documents/:docId",
    { access: READ, params: documentParams, responseType: "application/octet-stream", summary: "Download a reminder's document" },
    async ({ auth, params, request, reply }) => {
      const document = await reminders.findDocument(request.server.database.db, auth, params.id, params.docId);
      const file = await request.server.storage.get(document.storageKey);
      if (!file) throw notFound("Document");
      return sendStoredFile(reply, file.bytes, {
        contentType: document.mimeType,
        disposition: attachment(document.filename),
        cacheControl: "private, no-store",
      });
    },
  );

  r.delete("/reminders/:id/documents/:docId", { access: MANAGE, params: documentParams }, async ({ auth, params, request }) => {
    await reminders.deleteDocument(request.server.database.db, request.server.storage, auth, params.id, params.docId);
  });
});
