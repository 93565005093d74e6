export type PagerItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * Page numbers shown by a pager: a window of `range` pages around the current one, with ellipses where
 * pages are skipped. First and last pages are separate buttons (showFirstLast), so they are not in the list.
 * `more`: pages may follow `last` (a capped total), so the window always ends with an ellipsis.
 */
const count = new Intl.NumberFormat("en-GB");

export function pagerItems(current: number, last: number, range = 3, more = false): PagerItem[] {
  if (last <= 1) return [1];
  const page = Math.min(Math.max(1, current), last);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(last, start + range - 1);
  start = Math.max(1, end - range + 1);
  const items: PagerItem[] = [];
  if (start > 1) items.push("ellipsis-start");
  for (let n = start; n <= end; n++) items.push(n);
  if (end < last || more) items.push("ellipsis-end");
  return items;
}

/**
 * 'Showing 11–20 of 35'. A capped total (the API counted only up to its cap, meta.total_capped) is a lower
 * bound and reads 'Showing 1–10 of 10,000+'.
 */
export function rangeText(page: number, perPage: number, total: number, capped = false): string {
  if (total === 0) return "No items";
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return `Showing ${count.format(from)}–${count.format(to)} of ${count.format(total)}${capped ? "+" : ""}`;
}

/** The API's highest page number. */
export const MAX_PAGE = 1_000_000;

/**
 * A page number (or size) from an address, clamped to [min, max]: anything that is not a whole number in range
 * ("1e400", "1.5", "-3", "abc", missing) is the fallback or the nearest bound, never a number the API refuses.
 */
export function pageParam(text: string | null, fallback: number, min = 1, max = MAX_PAGE): number {
  if (text === null || !/^\s*\d{1,15}\s*$/.test(text)) return fallback;
  return Math.min(max, Math.max(min, Number(text)));
}
