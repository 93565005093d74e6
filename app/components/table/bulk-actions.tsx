import { Link, useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Form } from "../form/form";
import { Icon } from "../ui/icon";
import { bulkLabel } from "./bulk-label";

export const NO_ITEMS_SELECTED = "No items selected";

/** 'Error occurred while performing the action.' plus ' and N more errors' when more than one item failed. */
export function bulkErrorText(failed: number): string {
  const base = "Error occurred while performing the action.";
  return failed > 1 ? `${base} and ${failed - 1} more errors` : base;
}

export interface BulkResult {
  /** Set when the action was sent with nothing selected. */
  noSelection?: boolean;
  failed?: number;
}

/** The row boxes of a list's bulk form that can be ticked (the table's, data-table.tsx). */
export const rowBoxes = (formId: string) => document.querySelectorAll<HTMLInputElement>(`input[form="${formId}"][name="ids"]:not(:disabled)`);

/** How many of the form's row checkboxes are ticked. */
const countSelected = (formId: string) => [...rowBoxes(formId)].filter((b) => b.checked).length;

/**
 * The bulk-action form of a list: the table's row checkboxes belong to it (form attribute), its buttons
 * carry an intent. With nothing selected the action answers 'No items selected'. With JavaScript the buttons
 * show only while rows are selected, beside their number ('3 selected'); `children` may be a function of that
 * number (null without JavaScript) to name it on the buttons (bulkLabel, list-kit.tsx).
 */
export function BulkActions({
  formId,
  action,
  result: given,
  children,
}: {
  formId: string;
  action?: string;
  result?: BulkResult | null;
  children: ReactNode | ((selected: number | null) => ReactNode);
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // null until hydrated: without JavaScript the buttons are always there.
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    const recount = () => setSelected(countSelected(formId));
    recount();
    // A row's box, or the select-all box (which ticks the rows without their own change events).
    const onChange = (e: Event) => {
      if ((e.target as HTMLInputElement).form?.id === formId) recount();
    };
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, [formId, navigation.state]);
  let result = given;
  const [dismissed, setDismissed] = useState<BulkResult | null>(null);
  const location = useLocation();
  // A bulk action that redirected back leaves its failure count in the root loader's flash data.
  const root = useRouteLoaderData("root") as { bulkFailed?: number | null } | undefined;
  const flashed = root?.bulkFailed ? { failed: root.bulkFailed } : null;
  result = result ?? flashed;
  const buttons = (n: number | null) => (typeof children === "function" ? children(n) : children);
  const show = result != null && (dismissed === null || dismissed.failed !== result.failed || dismissed.noSelection !== result.noSelection);
  return (
    <div className="space-y-2">
      <Form id={formId} method="post" action={action} className="flex flex-wrap items-center gap-2" aria-busy={busy || undefined} data-bulk>
        <span aria-live="polite" className={selected ? "text-sm font-medium text-slate-700" : "sr-only"} data-selected-count>
          {selected ? `${selected} selected` : ""}
        </span>
        {selected === null ? (
          // Drawn by the server, before the list's island hydrates: with scripting on, a style sheet hides them until
          // a row is ticked (tailwind.css, [data-bulk-pending]), so the bar does not lose them (and, on a list whose
          // bar wraps, a row) when the island hydrates. Without JavaScript they show.
          <span className="contents" data-bulk-pending>
            {buttons(null)}
          </span>
        ) : selected === 0 ? null : (
          buttons(selected)
        )}
      </Form>
      {show && result?.noSelection ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {NO_ITEMS_SELECTED}
        </p>
      ) : null}
      {show && result?.failed ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-bulk-error
        >
          <span>{bulkErrorText(result!.failed!)}</span>
          {/* Without JavaScript the link reloads the list, which drops the banner. */}
          <Link
            to={location.pathname + location.search}
            onClick={(e) => (e.preventDefault(), setDismissed(result))}
            className="rounded px-2 py-1 text-xs font-semibold hover:bg-red-100"
            preventScrollReset
          >
            Dismiss
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The bulk form with its one Delete button: 'Delete 3 tasks' once rows are chosen, the list's own words without
 * JavaScript ('Delete task(s)', or `unknown`); the rows are confirmed on the page it posts to.
 */
export function BulkDeleteActions({
  formId,
  result,
  one,
  many,
  unknown,
  disabled,
}: {
  formId: string;
  result?: BulkResult | null;
  one: string;
  many: string;
  unknown?: string;
  disabled?: boolean;
}) {
  return (
    <BulkActions formId={formId} result={result}>
      {(n) => (
        <button type="submit" name="intent" value="delete" className="btn-secondary text-red-700" disabled={disabled}>
          <Icon name="trash-2" />
          {bulkLabel(n, "Delete", one, many, unknown)}
        </button>
      )}
    </BulkActions>
  );
}
