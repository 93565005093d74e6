import { Link } from "@remix-run/react";
import type { LinkedEvent, LinkedKind } from "#contract/calendar";
import { EmptyState } from "../ui/empty-state";

export interface LinkedEventsSection {
  kind: LinkedKind;
  id: string;
  events: LinkedEvent[];
  canAdd: boolean;
}

const ukDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const FIELD = { task: "task_id", individual: "individual_id", company: "company_id" } as const;

/** The events linked to a task, an individual or a company, with their next time; "Add event" links one. */
export function LinkedEvents({ section }: { section: LinkedEventsSection | null }) {
  if (!section) return null;
  return (
    <section aria-labelledby="linked-events-title" className="mb-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-linked-events>
      <div className="mb-2 flex items-center gap-3">
        <h2 id="linked-events-title" className="text-base font-semibold">
          Events
        </h2>
        {section.canAdd ? (
          <Link to={`/calendar/new?${FIELD[section.kind]}=${section.id}`} className="ml-auto text-sm text-brand underline">
            Add event
          </Link>
        ) : null}
      </div>
      {section.events.length === 0 ? <EmptyState compact icon="calendar" title="No events yet." /> : null}
      <ul className="space-y-1 text-sm">
        {section.events.map((e) => (
          <li key={e.id}>
            {e.next ? (
              <Link to={`/calendar/events/${e.id}?view=day&date=${e.next.start_date}&occurrence=${e.next.occurrence_date}`} className="font-medium underline">
                {e.name}
              </Link>
            ) : (
              <span className="font-medium">{e.name}</span>
            )}{" "}
            <span className="text-slate-600">
              · {e.event_type} · {e.next ? `next ${ukDate(e.next.start_date)} ${e.next.start_time}` : "past"}
              {e.repeat_text !== "Does not repeat" ? ` · ${e.repeat_text}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
