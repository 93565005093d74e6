import { redirect } from "@remix-run/node";
import { z } from "zod";
import { canonicalQuery, hrefFor, parseListUrl, toSearchParams, type ListSpec, type ListState } from "../lib/list-url";
import { normaliseFilters, type FilterDefinition } from "../lib/filter-rules";
import type { Api } from "./api.server";

const LIST_PARAMS = /^(search|page|perPage|sort|filter\[.+)$/;
const preferencesSchema = z.object({ data: z.object({ filters: z.record(z.string(), z.unknown()).nullable() }) });

/**
 * A list's state from its URL. A bare list URL brings back the user's last search, filters, sort and page
 * size (kept by the API per user and list); `?reset=1` forgets them. Any other visit remembers them.
 */
export async function listStateFrom(request: Request, api: Api, listKey: string, spec: ListSpec, filters?: readonly FilterDefinition[]): Promise<ListState> {
  const read = await readListState(request, api, listKey, spec);
  // Filter values are cleaned by the rules of their type (amounts, clamps, date ranges From ≤ To).
  const state = filters ? { ...read, filters: normaliseFilters([...filters], read.filters) } : read;
  // A GET filter form sends every field, empty ones too: answer with the list's canonical URL, so
  // what is bookmarked or shared is short and means one thing.
  const url = new URL(request.url);
  const listParams = new URLSearchParams([...url.searchParams].filter(([k]) => LIST_PARAMS.test(k)));
  if (listParams.size > 0 && listParams.toString() !== canonicalQuery(state, spec)) {
    const others = [...url.searchParams].filter(([k]) => !LIST_PARAMS.test(k));
    const canonical = new URLSearchParams(canonicalQuery(state, spec));
    for (const [k, v] of others) canonical.append(k, v);
    throw redirect(`${url.pathname}?${canonical}`);
  }
  return state;
}

async function readListState(request: Request, api: Api, listKey: string, spec: ListSpec): Promise<ListState> {
  const url = new URL(request.url);
  const params = url.searchParams;
  if (params.has("reset")) {
    await api.put(`/list-preferences/${listKey}`, { body: { filters: null } });
    throw redirect(url.pathname);
  }
  const bare = ![...params.keys()].some((k) => LIST_PARAMS.test(k));
  if (bare) {
    const saved = await api.get(`/list-preferences/${listKey}`, { schema: preferencesSchema }).catch(() => null);
    const query = saved?.data.filters?.query;
    if (typeof query === "string" && query) {
      const restored = parseListUrl(new URLSearchParams(query), spec);
      throw redirect(hrefFor(url.pathname, { ...restored, page: 1 }, spec));
    }
    return parseListUrl(params, spec);
  }
  const state = parseListUrl(params, spec);
  const remembered = toSearchParams({ ...state, page: 1 }, spec).toString();
  await api.put(`/list-preferences/${listKey}`, { body: { filters: remembered ? { query: remembered } : null } }).catch(() => undefined);
  return state;
}

/** The ids a bulk action applies to: the checked rows, or every selectable row of the page for select-all. */
export function selectedIds(form: FormData): string[] {
  const ids = form.getAll(form.get("select_all") ? "page_ids" : "ids").map(String);
  return [...new Set(ids.filter((id) => id.length > 0 && id.length <= 100))];
}
