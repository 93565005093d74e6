import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { SearchResultList, type SearchGroupView } from "./search-results";

export const QUICK_SEARCH_DEBOUNCE_MS = 300;

export interface QuickAnswer {
  q: string;
  groups: SearchGroupView[];
  message?: string;
}

const RESULTS_ID = "header-search-results";
/** The result links shown in a search box's popover. */
const resultLinks = (root: HTMLElement | null) => [...(root?.querySelectorAll<HTMLAnchorElement>("[data-quick-results] a") ?? [])];

/**
 * The header search's quick results (with JavaScript; a chunk of its own, fetched when the search box is first
 * focused or pointed at): a popover that follows the typing in the box, 300 ms after it pauses, from
 * /resources/search; ↓ moves into the results, ↑/↓ between them, Escape closes them. It listens to the box
 * (header-search.tsx), which stays a plain GET form to /search.
 */
export default function QuickSearch({ box, input, current }: { box: RefObject<HTMLDivElement>; input: RefObject<HTMLInputElement>; current: string }) {
  const location = useLocation();
  const fetcher = useFetcher<QuickAnswer>();
  const [text, setText] = useState(() => input.current?.value ?? current);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const load = fetcher.load;

  const typed = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const q = value.trim();
    if (!q) {
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      load(`/resources/search?${new URLSearchParams({ q })}`);
      setOpen(true);
    }, QUICK_SEARCH_DEBOUNCE_MS);
  };
  const typedRef = useRef(typed);
  typedRef.current = typed;

  // A navigation (a result picked, the results page opened) closes the popover; the box shows what the page
  // searched for, unless something is being typed in it (header-search.tsx), whose results then follow. On
  // mounting, what was typed before this chunk arrived counts as typed now.
  const seen = useRef(location.key);
  useEffect(() => {
    const typing = () => {
      const el = input.current;
      if (el && el.value !== current && el.value.trim() && document.activeElement === el) typedRef.current(el.value);
    };
    if (seen.current === location.key) return typing();
    seen.current = location.key;
    setOpen(false);
    setText(current);
    clearTimeout(timer.current);
    // After the box has decided what it shows (its own effect runs after this one).
    queueMicrotask(typing);
  }, [location.key, current, input]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const answer = fetcher.data && fetcher.data.q === text.trim() ? fetcher.data : null;
  const loading = fetcher.state !== "idle" || (open && !answer);
  const groups = answer?.groups.filter((g) => g.results.length > 0) ?? [];
  const showPopover = open && text.trim() !== "";

  // The box's own events: typing, ↓ into the results (or opening them again), Escape; focus leaving box and popover.
  const state = useRef({ open, text, data: fetcher.data });
  state.current = { open, text, data: fetcher.data };
  useEffect(() => {
    const el = input.current;
    const root = box.current;
    if (!el || !root) return;
    const onInput = () => typedRef.current(el.value);
    const onKey = (e: globalThis.KeyboardEvent) => {
      const { open, text, data } = state.current;
      if (e.key === "ArrowDown") {
        // Closed with Escape: the arrow opens the results again; open: it moves into them.
        if (!open) {
          const q = text.trim();
          if (q) {
            e.preventDefault();
            if (data?.q !== q) load(`/resources/search?${new URLSearchParams({ q })}`);
            setOpen(true);
          }
          return;
        }
        const first = resultLinks(root)[0];
        if (first) {
          e.preventDefault();
          first.focus();
        }
      } else if (e.key === "Escape") {
        setOpen(false);
      }
    };
    const onFocusOut = (e: FocusEvent) => {
      if (!root.contains(e.relatedTarget as Node | null)) setOpen(false);
    };
    el.addEventListener("input", onInput);
    el.addEventListener("keydown", onKey);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      el.removeEventListener("input", onInput);
      el.removeEventListener("keydown", onKey);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, [box, input, load]);

  // The box names the popover it controls while the popover is there.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    if (showPopover) el.setAttribute("aria-controls", RESULTS_ID);
    else el.removeAttribute("aria-controls");
  }, [showPopover, input]);

  const onPopoverKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = resultLinks(box.current);
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const next = at + (e.key === "ArrowDown" ? 1 : -1);
      if (next < 0) input.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
      input.current?.focus();
    }
  };

  return (
    <>
      <p className="sr-only" aria-live="polite">
        {showPopover && answer ? `${groups.reduce((n, g) => n + g.results.length, 0)} quick results. Press the down arrow to browse them.` : ""}
      </p>
      {showPopover ? (
        <div
          id={RESULTS_ID}
          role="region"
          aria-label="Quick search results"
          aria-busy={loading || undefined}
          onKeyDown={onPopoverKey}
          className="absolute left-0 z-40 mt-2 max-h-[70vh] w-80 overflow-y-auto rounded-md bg-white p-2 shadow-lg ring-1 ring-slate-200"
          data-quick-results
        >
          {!answer ? (
            <p className="px-2 py-1.5 text-sm text-slate-500">Searching…</p>
          ) : answer.message ? (
            <p className="px-2 py-1.5 text-sm text-red-700">{answer.message}</p>
          ) : groups.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-slate-500" role="status">{`Nothing found for “${answer.q}”.`}</p>
          ) : (
            groups.map((g) => (
              <div key={g.key} className="py-1" data-quick-group={g.key}>
                <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{g.title}</p>
                <SearchResultList results={g.results} compact onPick={() => setOpen(false)} />
              </div>
            ))
          )}
          {answer ? (
            <Link
              to={`/search?${new URLSearchParams({ q: answer.q })}`}
              className="mt-1 block border-t border-slate-100 px-2 pt-2 text-sm font-medium text-brand hover:underline"
              onClick={() => setOpen(false)}
            >
              {`See all results for “${answer.q}”`}
            </Link>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
