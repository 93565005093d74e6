import { useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PAGE_SIZES, toSearchParams, type ListSpec, type ListState } from "#app/lib/list-url";
import { useHydrated } from "#app/lib/use-hydrated";
import { useSearchText } from "#app/lib/use-search-text";
import { Form } from "../form/form";
import type { ListView } from "./list";

export const SEARCH_DEBOUNCE_MS = 2000;

/** Hidden inputs carrying the rest of a list's state through a GET form (the page always restarts at 1). */
export function StateFields({ state, spec, omit }: { state: ListState; spec: ListSpec; omit: ("search" | "filters" | "perPage" | "sort")[] }) {
  const kept: ListState = {
    search: omit.includes("search") ? "" : state.search,
    filters: omit.includes("filters") ? {} : state.filters,
    perPage: omit.includes("perPage") ? 10 : state.perPage,
    sort: omit.includes("sort") ? null : state.sort,
    page: 1,
  };
  const params = toSearchParams(kept, spec);
  if (omit.includes("sort")) params.delete("sort");
  return (
    <>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The search box: with JavaScript the list follows 2 s after typing stops (Enter sends it at once) and the box
 * has no button; without it the Search button submits. Either way the URL carries the search and the list
 * returns to page 1; what is typed while the list loads stays in the box (useSearchText), and what was typed before
 * the box hydrated is searched 2 s after it has.
 */
export function SearchBox({ list: { state, spec }, placeholder }: { list: ListView; placeholder: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const { box, sent } = useSearchText(state.search);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const searchSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      sent();
      submit(form.current, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };
  // Typed before the list hydrated (the box had no handler yet): searched as if typed now.
  useEffect(() => {
    if (box.current && box.current.value !== state.search) searchSoon();
    return () => clearTimeout(timer.current);
    // Once, as the box hydrates: later typing has its own handler.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form
      method="get"
      ref={form}
      role="search"
      aria-label={placeholder}
      className="relative min-w-0 max-w-full"
      preventScrollReset
      onSubmit={() => (clearTimeout(timer.current), sent())}
    >
      <StateFields state={state} spec={spec} omit={["search"]} />
      <label className="sr-only" htmlFor="list-search">
        {placeholder}
      </label>
      <input
        ref={box}
        id="list-search"
        type="search"
        name="search"
        defaultValue={state.search}
        placeholder={placeholder}
        maxLength={200}
        className="field-input mt-0 w-52 max-w-full pr-[4.5rem] sm:w-64"
        onChange={searchSoon}
      />
      {/* Inside the box's right end: when it goes (JavaScript has started) nothing beside the box moves. */}
      {hydrated ? null : (
        <button type="submit" className="btn-secondary absolute inset-y-1 right-1 px-2 py-0 text-xs">
          Search
        </button>
      )}
    </Form>
  );
}

/** 'items per page': 10, 25, 50 or 100; a change returns to page 1 and keeps the filters. */
export function PageSizeSelect({ state, spec }: { state: ListState; spec: ListSpec }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form key={state.perPage} method="get" className="flex items-center gap-2 text-sm" preventScrollReset>
      <StateFields state={state} spec={spec} omit={["perPage"]} />
      <select
        id="list-per-page"
        name="perPage"
        defaultValue={String(state.perPage)}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <label htmlFor="list-per-page" className="text-slate-600">
        items per page
      </label>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary px-2 py-1">
          Apply
        </button>
      )}
    </Form>
  );
}
