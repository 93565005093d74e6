import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import { wordsFor } from "#app/lib/labels";
import { useSearchText } from "#app/lib/use-search-text";
import type { Variant } from "#app/lib/variant";
import { Form } from "../form/form";
import { Icon } from "../ui/icon";

// The quick results (their popover, keyboard and fetching) are a chunk of their own, fetched when the box is
// first focused or pointed at; until then, and without JavaScript, the box is a plain search form.
const loadQuickSearch = () => import("./quick-search");
const QuickSearch = lazy(loadQuickSearch);

/**
 * The header's search box: a GET form to /search (the results page, without JavaScript too). With
 * JavaScript a popover of quick results follows the typing (quick-search.tsx).
 */
export function HeaderSearch({ className }: { className?: string }) {
  const location = useLocation();
  const edition = useRouteLoaderData<{ edition: Variant }>("routes/_app")?.edition ?? "flightdeck";
  const words = wordsFor(edition);
  const current = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [wanted, setWanted] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // After a navigation the box shows what the page searched for; what is being typed (before hydrating too) stays.
  const { box: input, sent } = useSearchText(current, location.key);

  const want = () => {
    if (wanted) return;
    void loadQuickSearch().catch(() => undefined);
    setWanted(true);
  };

  return (
    <div ref={box} className={className ? `relative ${className}` : "relative"}>
      <Form method="get" action="/search" role="search" aria-label="Search everything" className="flex items-center gap-1" data-header-search onSubmit={sent}>
        <label htmlFor="header-search" className="sr-only">
          {`Search ${words.tasks}, ${words.individuals} and ${words.companies}`}
        </label>
        <input
          ref={input}
          id="header-search"
          type="search"
          name="q"
          defaultValue={current}
          onFocus={want}
          onPointerEnter={want}
          onChange={want}
          maxLength={100}
          autoComplete="off"
          placeholder="Search…"
          className="w-40 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm shadow-xs transition-[border-color,box-shadow] hover:border-slate-400/80 focus:border-brand focus:shadow-focus focus:outline-none xl:w-56"
        />
        <button type="submit" className="btn-quiet btn-icon" aria-label="Search everything">
          <Icon name="search" />
        </button>
      </Form>
      {wanted ? (
        <Suspense fallback={null}>
          <QuickSearch box={box} input={input} current={current} />
        </Suspense>
      ) : null}
    </div>
  );
}
