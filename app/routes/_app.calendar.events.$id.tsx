import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { CalendarEvent } from "#contract/calendar";
import { can } from "../access/permissions";
import { EventForm } from "../components/calendar/event-form";
import { MoveOccurrenceForm, type OccurrenceTimes } from "../components/calendar/occurrence-form";
import { Drawer } from "../components/drawer";
import { Form } from "../components/form/form";
import { addDays, isCalendarDate, ukDate } from "../lib/calendar-view";
import { requireAccess, requirePermission } from "../services/auth.server";
import { getEvent, restoreOccurrence } from "../services/calendar.server";
import { calendarBack, moveOccurrenceForm, saveEventForm } from "../services/calendar-forms.server";
import { dispatchIntent } from "../services/form-action.server";
import { idOf } from "../services/ids.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";

const occurrenceOf = (request: Request) => {
  const date = new URL(request.url).searchParams.get("occurrence");
  return isCalendarDate(date) ? date : null;
};

/** The local times of one occurrence: as moved, or as the series gives it on that day. */
function timesOf(event: CalendarEvent, date: string): OccurrenceTimes {
  const moved = event.exceptions.find((x) => x.occurrence_date === date && !x.cancelled && x.start_date);
  const startDate = moved?.start_date ?? date;
  const startTime = moved?.start_time ?? event.start_time;
  const minutes = moved?.duration_minutes ?? event.duration_minutes;
  const start = Date.UTC(+startDate.slice(0, 4), +startDate.slice(5, 7) - 1, +startDate.slice(8, 10), +startTime.slice(0, 2), +startTime.slice(3, 5));
  const end = new Date(start + minutes * 60_000).toISOString();
  return { start_date: startDate, start_time: startTime, end_date: end.slice(0, 10), end_time: end.slice(11, 16) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  idOf(params.id ?? "");
  const { api, subject } = await requireAccess(request, "/calendar");
  const event = await getEvent(api, params.id!);
  const occurrence = occurrenceOf(request);
  const exception = occurrence ? event.exceptions.find((x) => x.occurrence_date === occurrence) : undefined;
  return {
    event,
    occurrence,
    times: occurrence ? timesOf(event, occurrence) : null,
    changed: Boolean(exception),
    back: calendarBack(request),
    search: new URL(request.url).search,
    canManage: can(subject, "events_manage"),
    dayAfter: occurrence ? addDays(occurrence, 1) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = String(idOf(params.id ?? ""));
  const form = await formOf(request);
  const occurrence = occurrenceOf(request);
  return dispatchIntent(form, {
    save: () => saveEventForm(request, form, id),
    move: () => {
      if (!occurrence) throw new Response("No occurrence named.", { status: 400 });
      return moveOccurrenceForm(request, form, id, occurrence);
    },
    restore: async () => {
      const back = calendarBack(request);
      const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back });
      if (!occurrence) throw new Response("No occurrence named.", { status: 400 });
      await restoreOccurrence(api, id, occurrence);
      return redirectWithToast(request, back, { kind: "success", message: "Occurrence restored." });
    },
  });
}

export default function EditEvent() {
  const { event, occurrence, times, changed, back, search, canManage } = useLoaderData<typeof loader>();
  const links = [
    event.task ? `task ${event.task.name}` : null,
    event.individual ? event.individual.name : null,
    event.company ? event.company.name : null,
  ].filter((l): l is string => l !== null);
  const withoutOccurrence = search.replace(/([?&])occurrence=[^&]*&?/, "$1").replace(/[?&]$/, "");
  return (
    <Drawer title={canManage ? "Edit event" : event.name} closeTo={back}>
      <p className="mb-3 text-sm text-slate-600" data-repeat-text>
        {event.event_type} · {event.repeat_text} · {event.owner.name}
      </p>
      {occurrence && times && canManage ? (
        <section aria-labelledby="occurrence-title" className="mb-6 rounded border border-slate-200 p-3">
          <h3 id="occurrence-title" className="mb-2 text-sm font-semibold">
            This occurrence ({ukDate(occurrence)})
          </h3>
          <MoveOccurrenceForm times={times} version={`${event.updated_at}-${occurrence}`} />
          <div className="mt-2 flex flex-wrap items-center justify-end gap-3 text-sm">
            {changed ? (
              <Form method="post">
                <input type="hidden" name="intent" value="restore" />
                <button type="submit" className="underline">
                  Restore this occurrence
                </button>
              </Form>
            ) : null}
            {event.repeat !== "none" ? (
              <Link to={`/calendar/events/${event.id}/delete${search}`} className="text-red-700 underline" preventScrollReset>
                Cancel this occurrence
              </Link>
            ) : null}
          </div>
        </section>
      ) : null}
      {canManage ? (
        <>
          <h3 className="mb-2 text-sm font-semibold">{event.repeat === "none" ? "Event" : "Whole series"}</h3>
          <EventForm event={event} defaults={{ start_date: event.start_date }} cancelTo={back} links={links} />
          <div className="mt-4 border-t border-slate-200 pt-3 text-right text-sm">
            <Link to={`/calendar/events/${event.id}/delete${withoutOccurrence}`} className="text-red-700 underline" preventScrollReset>
              Delete event
            </Link>
          </div>
        </>
      ) : (
        <dl className="text-sm">
          <dt className="font-medium">Starts</dt>
          <dd>
            {ukDate(event.start_date)} {event.start_time}
          </dd>
          {event.description ? (
            <>
              <dt className="mt-2 font-medium">Description</dt>
              <dd>{event.description}</dd>
            </>
          ) : null}
        </dl>
      )}
    </Drawer>
  );
}
