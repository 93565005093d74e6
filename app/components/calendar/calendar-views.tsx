import { Link } from "@remix-run/react";
import type { Occurrence } from "#contract/calendar";
import { calendarHref, dayTitle, daysBetween, WEEKDAY_SHORT, type Period } from "#app/lib/calendar-view";

/** The drawer of one occurrence (the series' edit, and this occurrence's move or cancel), the period kept. */
export const occurrenceHref = (o: Occurrence, period: Pick<Period, "view" | "date">) =>
  `/calendar/events/${o.event_id}?view=${period.view}&date=${period.date}&occurrence=${o.occurrence_date}`;

/** The occurrences by the local day they start on. */
function byDay(occurrences: Occurrence[]) {
  const map = new Map<string, Occurrence[]>();
  for (const o of occurrences) map.set(o.start_date, [...(map.get(o.start_date) ?? []), o]);
  return map;
}

function OccurrenceLink({ o, period, long = false }: { o: Occurrence; period: Period; long?: boolean }) {
  return (
    <Link
      to={occurrenceHref(o, period)}
      preventScrollReset
      className="block truncate rounded bg-[var(--brand-100,#e0ecf7)] px-1.5 py-0.5 text-xs text-slate-800 hover:underline"
      data-occurrence={o.id}
      aria-label={`${o.name} at ${o.start_time}${long ? ` to ${o.end_time}` : ""}`}
    >
      <span className="font-semibold">{o.start_time}</span> {o.name}
      {long ? (
        <span className="text-slate-600">
          {" "}
          – {o.end_time} · {o.event_type}
          {o.repeating ? " · repeats" : ""}
          {o.moved ? " · moved" : ""} · {o.owner.name}
        </span>
      ) : null}
    </Link>
  );
}

const MAX_IN_CELL = 3;

/** Month view: whole weeks, Monday first; each day lists its first occurrences and links to its day view. */
export function MonthView({ period, occurrences, today }: { period: Period; occurrences: Occurrence[]; today: string }) {
  const days = daysBetween(period.start, period.end);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const map = byDay(occurrences);
  const month = period.date.slice(0, 7);
  return (
    <table className="w-full table-fixed border-collapse text-sm" aria-label={period.title} data-view="month">
      <thead>
        <tr>
          {WEEKDAY_SHORT.map((d) => (
            <th key={d} scope="col" className="border border-slate-200 bg-slate-50 p-1 text-xs font-medium text-slate-600">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const items = map.get(day) ?? [];
              return (
                <td
                  key={day}
                  className={`h-24 border border-slate-200 p-1 align-top ${day.slice(0, 7) === month ? "" : "bg-slate-50 text-slate-400"}`}
                  data-day={day}
                >
                  <Link
                    to={calendarHref("day", day)}
                    className={`mb-1 inline-block rounded px-1 text-xs ${day === today ? "bg-[var(--brand,#0f4c81)] font-semibold text-white" : ""}`}
                    aria-label={dayTitle(day)}
                  >
                    {+day.slice(8, 10)}
                  </Link>
                  <div className="space-y-0.5">
                    {items.slice(0, MAX_IN_CELL).map((o) => (
                      <OccurrenceLink key={o.id} o={o} period={period} />
                    ))}
                    {items.length > MAX_IN_CELL ? (
                      <Link to={calendarHref("day", day)} className="block text-xs text-slate-600 underline">
                        {items.length - MAX_IN_CELL} more
                      </Link>
                    ) : null}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Week view: seven columns, each day's occurrences in time order. */
export function WeekView({ period, occurrences, today }: { period: Period; occurrences: Occurrence[]; today: string }) {
  const map = byDay(occurrences);
  return (
    <div className="grid grid-cols-7 gap-px rounded border border-slate-200 bg-slate-200 text-sm" data-view="week">
      {daysBetween(period.start, period.end).map((day, i) => (
        <section key={day} className="min-h-48 bg-white p-1" aria-label={dayTitle(day)} data-day={day}>
          <h3 className="mb-1 text-xs font-medium text-slate-600">
            <Link to={calendarHref("day", day)} className={day === today ? "font-semibold text-[var(--brand,#0f4c81)]" : ""}>
              {WEEKDAY_SHORT[i]} {+day.slice(8, 10)}
            </Link>
          </h3>
          <div className="space-y-0.5">
            {(map.get(day) ?? []).map((o) => (
              <OccurrenceLink key={o.id} o={o} period={period} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** Day view: the day's occurrences with their times, type and owner. */
export function DayView({ period, occurrences }: { period: Period; occurrences: Occurrence[] }) {
  const items = occurrences.filter((o) => o.start_date <= period.date && o.end_date >= period.date);
  return (
    <section aria-label={dayTitle(period.date)} data-view="day" data-day={period.date} className="rounded border border-slate-200 p-3">
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">No events on this day.</p>
      ) : (
        <ul className="space-y-1">
          {items.map((o) => (
            <li key={o.id}>
              <OccurrenceLink o={o} period={period} long />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The agenda: every day of the period that has events, as a list (small screens, and any reader). */
export function AgendaList({ period, occurrences }: { period: Period; occurrences: Occurrence[] }) {
  const map = byDay(occurrences);
  const days = [...map.keys()].filter((d) => d >= period.start && d <= period.end).sort();
  return (
    <section aria-label="Agenda" data-agenda className="space-y-3">
      {days.length === 0 ? <p className="text-sm text-slate-600">No events in this period.</p> : null}
      {days.map((day) => (
        <div key={day}>
          <h3 className="text-sm font-semibold text-slate-700">{dayTitle(day)}</h3>
          <ul className="mt-1 space-y-1">
            {map.get(day)!.map((o) => (
              <li key={o.id}>
                <OccurrenceLink o={o} period={period} long />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
