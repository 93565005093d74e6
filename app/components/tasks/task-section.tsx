import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** A choice of a select of the task page. */
export type Option = { value: string; label: string };

/** One section of the task page: a titled card. */
export function Section({ id, title, info, children }: { id: string; title: string; info?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {info ? <p className="mt-1 text-sm text-slate-500">{info}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

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
        <Link to={hrefFor(page - 1)} preventScrollReset className="text-brand hover:underline">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">
        Page {page} of {lastPage}
      </span>
      {page < lastPage ? (
        <Link to={hrefFor(page + 1)} preventScrollReset className="text-brand hover:underline">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A field's value for an uncontrolled input's `defaultValue`: what conform holds (typed after a refusal, else saved), as text. */
export const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
