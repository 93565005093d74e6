import { Link, useNavigation } from "@remix-run/react";
import { Icon } from "../ui/icon";

/** A choice of a select of the task page. */
export type Option = { value: string; label: string };

/** One section of the task page: a titled card (the same card as the page's sections outside the island). */
export { TaskCard as Section } from "./task-card";

/** The submit button of one form of the page, with the form's `intent` (busy while that form is being sent). */
export function SectionSubmit({ intent, label, busyLabel = "Saving…" }: { intent: string; label: string; busyLabel?: string }) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === intent;
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

/** A "Newer / Older" pair of links for a list of the page paged in the query string. */
export function PageLinks({ label, page, lastPage, hrefFor }: { label: string; page: number; lastPage: number; hrefFor: (page: number) => string }) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} preventScrollReset className="btn-quiet btn-sm">
          <Icon name="chevron-left" />
          Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">
        Page {page} of {lastPage}
      </span>
      {page < lastPage ? (
        <Link to={hrefFor(page + 1)} preventScrollReset className="btn-quiet btn-sm">
          Older
          <Icon name="chevron-right" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A field's value for an uncontrolled input's `defaultValue`: what conform holds (typed after a refusal, else saved), as text. */
export const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
