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
  const { state, remembering } = await openList(request, api, listKey, spec, filters);
  await remembering;
  return state;
}

/**
 * listStateFrom without waiting for the list to be remembered: `remembering` settles when the API has
 * stored the state (failures are ignored: remembering is a convenience), so the list can be fetched
 * meanwhile. Throws the canonical URL's redirect like listStateFrom.
 */
export async function openList(
  request: Request,
  api: Api,
  listKey: string,
  spec: ListSpec,
  filters?: readonly FilterDefinition[],
): Promise<{ state: ListState; remembering: Promise<void> }> {
  const { state: read, remembering } = await readListState(request, api, listKey, spec);
  // Filter values are cleaned by the rules of their type (amounts, clamps, date ranges From ≤ To).
  const state = filters ? cleanFilters(read, filters) : read;
  // A GET filter form sends every field, empty ones too: answer with the list's canonical URL, so
  // what is bookmarked or shared is short and means one thing.
  const url = new URL(request.url);
  const listParams = new URLSearchParams([...url.searchParams].filter(([k]) => LIST_PARAMS.test(k)));
  if (listParams.size > 0 && listParams.toString() !== canonicalQuery(state, spec)) {
    await remembering;
    throw redirectToCanonical(url, state, spec);
  }
  return { state, remembering };
}

/** The state with its filter values cleaned by the filters' rules. */
export const cleanFilters = (state: ListState, filters: readonly FilterDefinition[]): ListState => ({ ...state, filters: normaliseFilters([...filters], state.filters) });

/** A redirect to the list's canonical URL for `state`, keeping the URL's other parameters. */
export function redirectToCanonical(url: URL, state: ListState, spec: ListSpec) {
  const others = [...url.searchParams].filter(([k]) => !LIST_PARAMS.test(k));
  const canonical = new URLSearchParams(canonicalQuery(state, spec));
  for (const [k, v] of others) canonical.append(k, v);
  return redirect(`${url.pathname}?${canonical}`);
}

async function readListState(request: Request, api: Api, listKey: string, spec: ListSpec): Promise<{ state: ListState; remembering: Promise<void> }> {
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
    return { state: parseListUrl(params, spec), remembering: Promise.resolve() };
  }
  const state = parseListUrl(params, spec);
  const remembered = toSearchParams({ ...state, page: 1 }, spec).toString();
  const remembering = api.put(`/list-preferences/${listKey}`, { body: { filters: remembered ? { query: remembered } : null } }).then(
    () => undefined,
    () => undefined,
  );
  return { state, remembering };
}

/** The ids a bulk action applies to: the checked rows, or every selectable row of the page for select-all. */
export function selectedIds(form: FormData): string[] {
  const ids = form.getAll(form.get("select_all") ? "page_ids" : "ids").map(String);
  return [...new Set(ids.filter((id) => id.length > 0 && id.length <= 100))];
}
