import { useRouteLoaderData } from "@remix-run/react";
import { formatDate } from "#common/format";

/** An expected close date is overdue when the task is still open and the day has passed (UK calendar). */
export function isOverdue(date: string, open: boolean, today: string): boolean {
  return open && date.slice(0, 10) < today;
}

/**
 * A task's expected close date (dd/mm/yy); an open task's passed date reads "overdue", in red. Today is the
 * frame's (the server's UK day), so the server's drawing and the browser's agree.
 */
export function CloseDate({ date, open, prefix = "" }: { date: string | null; open: boolean; prefix?: string }) {
  const today = useRouteLoaderData<{ today?: string }>("routes/_app")?.today;
  if (!date) return <>—</>;
  const overdue = today !== undefined && isOverdue(date, open, today);
  return (
    <span className={overdue ? "font-medium text-red-700" : undefined} data-overdue={overdue || undefined}>
      {`${prefix}${formatDate(date)}`}
      {overdue ? " · overdue" : null}
    </span>
  );
}
