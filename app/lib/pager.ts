export type PagerItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * Page numbers shown by a pager: a window of `range` pages around the current one, with ellipses where
 * pages are skipped. First and last pages are separate buttons (showFirstLast), so they are not in the list.
 */
export function pagerItems(current: number, last: number, range = 3): PagerItem[] {
  if (last <= 1) return [1];
  const page = Math.min(Math.max(1, current), last);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(last, start + range - 1);
  start = Math.max(1, end - range + 1);
  const items: PagerItem[] = [];
  if (start > 1) items.push("ellipsis-start");
  for (let n = start; n <= end; n++) items.push(n);
  if (end < last) items.push("ellipsis-end");
  return items;
}

/** 'Showing 11–20 of 35' */
export function rangeText(page: number, perPage: number, total: number): string {
  if (total === 0) return "No items";
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return `Showing ${from}–${to} of ${total.toLocaleString("en-GB")}`;
}
