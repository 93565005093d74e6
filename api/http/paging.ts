import type { FastifyRequest } from "fastify";
import qs from "qs";
import type { ListQuery, Paged } from "../../contract/common";

/** The paged response of the spec: data, meta (current_page, per_page, total, last_page), links. */
export function paged<T>(request: FastifyRequest, query: ListQuery, data: T[], total: number): Paged<T> {
  const { number, size } = query.page;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const link = (n: number) => {
    const [pathname] = request.url.split("?");
    return `${pathname}?${qs.stringify({ ...(request.query as object), page: { number: n, size } }, { encodeValuesOnly: true })}`;
  };
  return {
    data,
    meta: { current_page: number, per_page: size, total, last_page: lastPage },
    links: { first: link(1), last: link(lastPage), prev: number > 1 ? link(number - 1) : null, next: number < lastPage ? link(number + 1) : null },
  };
}

export const offsetOf = (query: ListQuery) => (query.page.number - 1) * query.page.size;

/** Reads `sort` against an allow-list of fields: `-name` → { field: "name", desc: true }. Unknown fields answer undefined. */
export function sortOf<F extends string>(query: ListQuery, fields: readonly F[]): { field: F; desc: boolean } | undefined {
  if (!query.sort) return undefined;
  const desc = query.sort.startsWith("-");
  const field = (desc ? query.sort.slice(1) : query.sort) as F;
  return fields.includes(field) ? { field, desc } : undefined;
}

/** A text filter value (ranges are not text). */
export function textFilter(query: ListQuery, key: string): string | undefined {
  const v = query.filter[key];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
