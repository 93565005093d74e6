import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { can } from "../access/permissions";
import { ReminderForm } from "../components/calendar/reminder-form";
import { Drawer } from "../components/drawer";
import { ukDate } from "../lib/calendar-view";
import { requireAccess } from "../services/auth.server";
import { getReminder } from "../services/calendar.server";
import { calendarBack } from "../services/calendar-forms.server";
import { readForm } from "../services/forms.server";
import { idOf } from "../services/ids.server";
import { saveReminderForm } from "../services/reminder-form.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id ?? "");
  const { api, subject } = await requireAccess(request, "/calendar");
  return { reminder: await getReminder(api, id), back: calendarBack(request), search: new URL(request.url).search, canManage: can(subject, "events_manage") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return saveReminderForm(request, await readForm(request), idOf(params.id ?? ""));
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function EditReminder() {
  const { reminder, back, search, canManage } = useLoaderData<typeof loader>();
  return (
    <Drawer title={canManage ? "Edit reminder" : reminder.name} closeTo={back}>
      <p className="mb-3 text-sm text-slate-600">
        Fires {ukDate(reminder.fire_at.slice(0, 10))} at {reminder.fire_at.slice(11, 16)}
        {reminder.snoozed_until ? " (snoozed)" : ""}
        {reminder.fired_at ? " · sent" : ""}
      </p>
      <section aria-labelledby="documents-title" className="mb-4">
        <h3 id="documents-title" className="text-sm font-semibold">
          Documents
        </h3>
        {reminder.documents.length === 0 ? <p className="text-sm text-slate-600">No documents.</p> : null}
        <ul className="mt-1 space-y-1 text-sm">
          {reminder.documents.map((d) => (
            <li key={d.id} className="flex items-center gap-3" data-document={d.id}>
              <a href={`/calendar/reminders/${reminder.id}/documents/${d.id}`} className="underline" download>
                {d.filename}
              </a>
              <span className="text-xs text-slate-500">{kb(d.size)}</span>
              {canManage ? (
                <Link
                  to={`/calendar/reminders/${reminder.id}/documents/${d.id}/delete${search}`}
                  className="ml-auto text-red-700 underline"
                  aria-label={`Delete ${d.filename}`}
                  preventScrollReset
                >
                  Delete
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {canManage ? (
        <>
          <ReminderForm reminder={reminder} startDate={reminder.start_date} cancelTo={back} />
          <div className="mt-4 border-t border-slate-200 pt-3 text-right text-sm">
            <Link to={`/calendar/reminders/${reminder.id}/delete${search}`} className="text-red-700 underline" preventScrollReset>
              Delete reminder
            </Link>
          </div>
        </>
      ) : null}
    </Drawer>
  );
}
