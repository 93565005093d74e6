import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EventForm } from "../components/calendar/event-form";
import { Drawer } from "../components/drawer";
import { isCalendarDate, londonToday } from "../lib/calendar-view";
import { requirePermission } from "../services/auth.server";
import { calendarBack, saveEventForm } from "../services/calendar-forms.server";
import { formOf } from "../services/submission.server";

const idParam = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? v : undefined);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "events_manage", { route: "/calendar", back: calendarBack(request) });
  const search = new URL(request.url).searchParams;
  const date = search.get("date");
  return {
    back: calendarBack(request),
    defaults: {
      start_date: isCalendarDate(date) ? date : londonToday(),
      task_id: idParam(search.get("task_id")),
      individual_id: idParam(search.get("individual_id")),
      company_id: idParam(search.get("company_id")),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return saveEventForm(request, await formOf(request));
}

export default function NewEvent() {
  const { back, defaults } = useLoaderData<typeof loader>();
  const links = [defaults.task_id ? "a task" : null, defaults.individual_id ? "an individual" : null, defaults.company_id ? "a company" : null].filter(
    (l): l is string => l !== null,
  );
  return (
    <Drawer title="New event" closeTo={back}>
      <EventForm defaults={defaults} cancelTo={back} links={links} />
    </Drawer>
  );
}
