import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { SNOOZE_CHOICES } from "#contract/calendar-constants";
import { can } from "../access/permissions";
import { AgendaList, DayView, MonthView, WeekView } from "../components/calendar/calendar-views";
import { Form } from "../components/form/form";
import { useFormAnswer } from "../components/form/form-answer";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { CALENDAR_VIEWS, calendarHref, londonToday, periodOf, ukDate } from "../lib/calendar-view";
import { pageTitle } from "../lib/variant";
import { ApiValidationError } from "../services/api.server";
import { requireAccess, requirePermission } from "../services/auth.server";
import { calendarFeed, occurrencesOf, snoozeReminder, upcomingReminders } from "../services/calendar.server";
import { dispatchIntent, keepOnOutage, refuseForm } from "../services/form-action.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";
import { useFrame } from "./_app";
import { Icon } from "../components/ui/icon";

export const meta: MetaFunction = ({ matches }) => pageTitle("Calendar", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/calendar");
  const today = londonToday();
  const period = periodOf(new URL(request.url).searchParams, today);
  const [occurrences, reminders, feed] = await Promise.all([occurrencesOf(api, period.start, period.end), upcomingReminders(api), calendarFeed(api)]);
  return { period, today, occurrences: occurrences.data, reminders: reminders.data, feed, canManage: can(subject, "events_manage") };
}

/** The page's own form: snoozing a reminder (the reminders list). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await formOf(request);
  const url = new URL(request.url);
  const back = `/calendar${url.search}`;
  return dispatchIntent(form, {
    snooze: (intent) =>
      keepOnOutage(intent, form, async () => {
        const { api } = await requirePermission(request, "events_manage", { route: "/calendar", back });
        const id = String(form.get("reminder_id") ?? "");
        const minutes = Number(form.get("minutes"));
        try {
          await snoozeReminder(api, id, minutes);
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          return refuseForm(intent, form, { formErrors: [error.body.errors?.minutes?.[0] ?? error.body.message] });
        }
        const label = SNOOZE_CHOICES.find((c) => c.minutes === minutes)?.label ?? `${minutes} minutes`;
        return redirectWithToast(request, back, { kind: "success", message: `Reminder snoozed for ${label}.` });
      }),
  });
}

const VIEW_LABELS = { month: "Month", week: "Week", day: "Day" } as const;
const when = (iso: string) => `${ukDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;

export default function CalendarPage() {
  const { period, today, occurrences, reminders, feed, canManage } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const answer = useFormAnswer("snooze");
  const snoozeErrors = Object.values(answer?.form.result.error ?? {})
    .flat()
    .filter((e): e is string => typeof e === "string");
  const keep = `?view=${period.view}&date=${period.date}`;
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Calendar"
        actions={
          canManage ? (
            <div className="flex gap-2">
              <Link to={`/calendar/new${keep}`} className="btn-primary" preventScrollReset>
                <Icon name="plus" />
                New event
              </Link>
              <Link to={`/calendar/reminders/new${keep}`} className="btn-secondary" preventScrollReset>
                New reminder
              </Link>
            </div>
          ) : null
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div>
          <nav aria-label="Period" className="mb-3 flex flex-wrap items-center gap-2">
            <Link to={calendarHref(period.view, period.previous)} className="btn-secondary" aria-label={`Previous ${period.view}`}>
              ‹ Previous
            </Link>
            <Link to={calendarHref(period.view, today)} className="btn-secondary">
              Today
            </Link>
            <Link to={calendarHref(period.view, period.next)} className="btn-secondary" aria-label={`Next ${period.view}`}>
              Next ›
            </Link>
            <h2 className="ml-2 text-lg font-semibold" data-period-title>
              {period.title}
            </h2>
            <span className="ml-auto inline-flex overflow-hidden rounded border border-slate-300" role="group" aria-label="View">
              {CALENDAR_VIEWS.map((v) => (
                <Link
                  key={v}
                  to={calendarHref(v, period.date)}
                  aria-current={v === period.view ? "page" : undefined}
                  className={`px-3 py-1 text-sm ${v === period.view ? "bg-slate-800 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
                >
                  {VIEW_LABELS[v]}
                </Link>
              ))}
            </span>
          </nav>
          <div className="hidden md:block">
            {period.view === "month" ? <MonthView period={period} occurrences={occurrences} today={today} /> : null}
            {period.view === "week" ? <WeekView period={period} occurrences={occurrences} today={today} /> : null}
            {period.view === "day" ? <DayView period={period} occurrences={occurrences} /> : null}
          </div>
          <div className="md:hidden">
            <AgendaList period={period} occurrences={occurrences} />
          </div>
        </div>
        <aside className="space-y-6">
          <section aria-labelledby="reminders-title">
            <h2 id="reminders-title" className="mb-2 text-base font-semibold">
              Reminders
            </h2>
            {snoozeErrors.length ? (
              <p role="alert" className="field-error">
                {snoozeErrors.join(" ")}
              </p>
            ) : null}
            {reminders.length === 0 ? <p className="text-sm text-slate-600">No upcoming reminders.</p> : null}
            <ul className="space-y-2">
              {reminders.map((r) => (
                <li key={r.id} className="rounded border border-slate-200 p-2 text-sm" data-reminder={r.id}>
                  <Link to={`/calendar/reminders/${r.id}${keep}`} className="font-medium hover:underline" preventScrollReset>
                    {r.name}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {r.event_type} · {when(r.fire_at)}
                    {r.snoozed_until ? " (snoozed)" : ""}
                    {r.documents.length ? ` · ${r.documents.length} document${r.documents.length > 1 ? "s" : ""}` : ""}
                  </p>
                  {canManage ? (
                    <Form method="post" className="mt-1 flex items-center gap-1" preventScrollReset>
                      <input type="hidden" name="intent" value="snooze" />
                      <input type="hidden" name="reminder_id" value={r.id} />
                      <label className="sr-only" htmlFor={`snooze-${r.id}`}>
                        Snooze {r.name} for
                      </label>
                      <select id={`snooze-${r.id}`} name="minutes" defaultValue="60" className="field-input-sm py-0.5 text-xs">
                        {SNOOZE_CHOICES.map((c) => (
                          <option key={c.minutes} value={c.minutes}>
                            {c.label}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className="btn-secondary px-2 py-0.5 text-xs" aria-label={`Snooze ${r.name}`}>
                        Snooze
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="feed-title" className="text-sm">
            <h2 id="feed-title" className="mb-2 text-base font-semibold">
              Subscribe from Outlook or Google Calendar
            </h2>
            <p className="text-slate-600">Your private calendar address. Anyone who has it can see your events, so keep it to yourself.</p>
            <label htmlFor="feed-url" className="sr-only">
              Private calendar address
            </label>
            <input id="feed-url" readOnly value={feed.url} className="field-input mt-1 font-mono text-xs" data-feed-url />
            <Link to={`/calendar/feed${keep}`} className="mt-2 inline-block text-sm underline" preventScrollReset>
              Regenerate address
            </Link>
          </section>
        </aside>
      </div>
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
