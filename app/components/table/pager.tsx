import { Link } from "@remix-run/react";
import { hrefFor, withPage, type ListSpec, type ListState } from "#app/lib/list-url";
import { pagerItems, rangeText } from "#app/lib/pager";
import { PageSizeSelect } from "./list-controls";
import type { ListView } from "./list";

/**
 * Pager of a list: first/previous, a window of 3 page numbers with ellipses, next/last; plain links. With a
 * capped total (`capped`, from meta.total_capped) the count reads '10,000+', `lastPage` is only the last page
 * known to exist, so the window ends with an ellipsis while pages follow and 'Last page' is not a link.
 */
export function Pager({
  pathname,
  state,
  spec,
  total,
  lastPage,
  range = 3,
  totalText,
  capped = false,
}: {
  pathname: string;
  state: ListState;
  spec: ListSpec;
  total: number;
  lastPage: number;
  range?: number;
  totalText?: string;
  capped?: boolean;
}) {
  const to = (page: number) => hrefFor(pathname, withPage(state, page), spec);
  const btn = "min-w-[2.25rem] rounded-md border px-2 py-1 text-center text-sm";
  const enabled = `${btn} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`;
  const disabled = `${btn} border-slate-200 bg-slate-50 text-slate-300`;
  const nav = (label: string, page: number, can: boolean, aria: string) =>
    can ? (
      <Link to={to(page)} className={enabled} aria-label={aria} preventScrollReset>
        {label}
      </Link>
    ) : (
      <span className={disabled} aria-hidden="true">
        {label}
      </span>
    );
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
      <span className="mr-3 text-sm text-slate-600" data-range>
        {totalText ?? rangeText(state.page, state.perPage, total, capped)}
      </span>
      {nav("«", 1, state.page > 1, "First page")}
      {nav("‹", state.page - 1, state.page > 1, "Previous page")}
      {pagerItems(state.page, lastPage, range, capped && state.page < lastPage).map((item) =>
        typeof item === "number" ? (
          item === state.page ? (
            <span key={item} aria-current="page" className={`${btn} border-brand bg-brand font-semibold text-brand-ink`}>
              {item}
            </span>
          ) : (
            <Link key={item} to={to(item)} className={enabled} aria-label={`Page ${item}`} preventScrollReset>
              {item}
            </Link>
          )
        ) : (
          <span key={item} className="px-1 text-slate-400" aria-hidden="true">
            …
          </span>
        ),
      )}
      {nav("›", state.page + 1, state.page < lastPage, "Next page")}
      {nav("»", lastPage, !capped && state.page < lastPage, "Last page")}
    </nav>
  );
}

/** The foot of a list page: the page-size choice and the pager, read from the page's meta. */
export function ListFooter({ list: { pathname, state, spec }, meta }: { list: ListView; meta: { total: number; last_page: number; total_capped?: boolean } }) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <PageSizeSelect state={state} spec={spec} />
      <Pager pathname={pathname} state={state} spec={spec} total={meta.total} lastPage={meta.last_page} capped={meta.total_capped} />
    </div>
  );
}
