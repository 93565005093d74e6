import { Form, Link, useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { wordsFor } from "../../lib/labels";
import { useHydrated } from "../../lib/use-hydrated";
import type { Variant } from "../../lib/variant";
import { SearchResultList, type SearchGroupView } from "./search-results";

export const QUICK_SEARCH_DEBOUNCE_MS = 300;

interface QuickAnswer {
  q: string;
  groups: SearchGroupView[];
  message?: string;
}

/**
 * The header's search box: a GET form to /search (the results page, without JavaScript too). With
 * JavaScript a popover of quick results follows the typing (300 ms after it pauses) from
 * /resources/search; ↓ moves into the results, Escape closes them, Enter opens the results page.
 */
export function HeaderSearch() {
  const hydrated = useHydrated();
  const location = useLocation();
  const edition = useRouteLoaderData<{ edition: Variant }>("routes/_app")?.edition ?? "flightdeck";
  const words = wordsFor(edition);
  const fetcher = useFetcher<QuickAnswer>();
  const onSearchPage = location.pathname === "/search";
  const current = onSearchPage ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // A navigation (a result picked, the results page opened) closes the popover; the box shows what the page searched for.
  useEffect(() => {
    setOpen(false);
    setText(current);
    clearTimeout(timer.current);
  }, [location.key, current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const q = value.trim();
    if (!q) {
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      fetcher.load(`/resources/search?${new URLSearchParams({ q })}`);
      setOpen(true);
    }, QUICK_SEARCH_DEBOUNCE_MS);
  };

  const links = () => [...(box.current?.querySelectorAll<HTMLAnchorElement>("[data-quick-results] a") ?? [])];
  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      // Closed with Escape: the arrow opens the results again; open: it moves into them.
      if (!open) {
        const q = text.trim();
        if (q) {
          e.preventDefault();
          if (fetcher.data?.q !== q) fetcher.load(`/resources/search?${new URLSearchParams({ q })}`);
          setOpen(true);
        }
        return;
      }
      const first = links()[0];
      if (first) {
        e.preventDefault();
        first.focus();
      }
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  };
  const onPopoverKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = links();
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

  const answer = fetcher.data && fetcher.data.q === text.trim() ? fetcher.data : null;
  const loading = fetcher.state !== "idle" || (open && !answer);
  const groups = answer?.groups.filter((g) => g.results.length > 0) ?? [];
  const showPopover = hydrated && open && text.trim() !== "";

  return (
    <div
      ref={box}
      className="relative"
      onBlur={(e) => {
        // Focus leaving the box and its popover closes the popover.
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Form method="get" action="/search" role="search" className="flex items-center gap-1" data-header-search>
        <label htmlFor="header-search" className="sr-only">
          {`Search ${words.tasks}, ${words.individuals} and ${words.companies}`}
        </label>
        <input
          ref={input}
          id="header-search"
          type="search"
          name="q"
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          onKeyDown={onInputKey}
          maxLength={100}
          autoComplete="off"
          placeholder="Search…"
          aria-controls={showPopover ? "header-search-results" : undefined}
          className="w-36 rounded-md border border-slate-300 px-3 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-1 focus:ring-brand sm:w-56"
        />
        <button type="submit" className="rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand" aria-label="Search everything">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2}>
            <circle cx="8.5" cy="8.5" r="5.5" />
            <path d="M13 13l4.5 4.5" strokeLinecap="round" />
          </svg>
        </button>
      </Form>
      {hydrated ? (
        <p className="sr-only" aria-live="polite">
          {showPopover && answer ? `${groups.reduce((n, g) => n + g.results.length, 0)} quick results. Press the down arrow to browse them.` : ""}
        </p>
      ) : null}
      {showPopover ? (
        <div
          id="header-search-results"
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
                <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">{g.title}</p>
                <SearchResultList results={g.results} compact onPick={() => setOpen(false)} />
              </div>
            ))
          )}
          {answer ? (
            <Link to={`/search?${new URLSearchParams({ q: answer.q })}`} className="mt-1 block border-t border-slate-100 px-2 pt-2 text-sm font-medium text-brand hover:underline" onClick={() => setOpen(false)}>
              {`See all results for “${answer.q}”`}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
