import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReminderForm } from "../components/calendar/reminder-form";
import { Drawer } from "../components/drawer";
import { isCalendarDate, londonToday } from "../lib/calendar-view";
import { requirePermission } from "../services/auth.server";
import { calendarBack } from "../services/calendar-forms.server";
import { readForm } from "../services/forms.server";
import { saveReminderForm } from "../services/reminder-form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "events_manage", { route: "/calendar", back: calendarBack(request) });
  const date = new URL(request.url).searchParams.get("date");
  const today = londonToday();
  return { back: calendarBack(request), startDate: isCalendarDate(date) && date > today ? date : today };
}

export async function action({ request }: ActionFunctionArgs) {
  return saveReminderForm(request, await readForm(request));
}

export default function NewReminder() {
  const { back, startDate } = useLoaderData<typeof loader>();
  return (
    <Drawer title="New reminder" closeTo={back}>
      <ReminderForm startDate={startDate} cancelTo={back} />
    </Drawer>
  );
}
