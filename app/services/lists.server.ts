import { redirect } from "@remix-run/node";
import { z } from "zod";
import { canonicalQuery, parseListUrl, toSearchParams, withFilter, type ListSpec, type ListState } from "../lib/list-url";
import { keysRemovedWith, normaliseFilters, type FilterDefinition } from "../lib/filter-rules";
import { findChoice, findText, type ChoiceFinder, type FilterFinds } from "../lib/choice-find";
import { ApiValidationError, type Api } from "./api.server";
import { requireAccess, sessionApi, started, type SignedIn } from "./auth.server";
import { redirectWithToast } from "./session.server";

const LIST_PARAMS = /^(search|page|perPage|sort|filter\[.+)$/;
const preferencesSchema = z.object({ data: z.object({ filters: z.record(z.string(), z.unknown()).nullable() }) });

/**
 * A list's state from its URL. A bare list URL brings back the user's last search, filters, sort and page
 * size (kept by the API per user and list); `?reset=1` forgets them. Any other visit remembers them:
 * `remembering` settles when the API has stored the state (failures are ignored: remembering is a
 * convenience), so the list can be fetched meanwhile. A URL that is not the list's canonical one (a GET
 * filter form sends every field, empty ones too) redirects to it.
 */
async function openList(
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

/**
 * A list page's calls side by side: the route guard's GET /me, the lookups its filters need, remembering the
 * list and the page itself all start at once instead of one after the other.
 * - `rules` clean the URL's filter values before the lookups and the user are known (a select without
 *   options keeps its value); the page is fetched with them.
 * - `filters` are the page's filters once they are (options from the lookups, those the user may use): a
 *   value they rule out (a stage of another pipeline) redirects to the list's canonical URL.
 * - `firstVisit`: the filters a bare URL with nothing remembered redirects to.
 */
export async function openListPage<P, L = undefined>(
  request: Request,
  options: {
    path: string;
    listKey: string;
    spec: ListSpec;
    rules?: readonly FilterDefinition[];
    lookups?: (api: Api) => Promise<L>;
    filters?: (lookups: L, signedIn: SignedIn) => readonly FilterDefinition[];
    firstVisit?: ListState["filters"];
    fetch: (api: Api, state: ListState) => Promise<P>;
    /** The searches behind the autocomplete filters' find fields (a name typed beside the select, without JavaScript). */
    finders?: (api: Api, signedIn: SignedIn) => Record<string, ChoiceFinder>;
  },
): Promise<SignedIn & { api: Api; state: ListState; page: P; lookups: L; filters: readonly FilterDefinition[]; finds: FilterFinds }> {
  const access = started(requireAccess(request, options.path));
  const api = await sessionApi(request);
  const looking = options.lookups ? started(options.lookups(api)) : Promise.resolve(undefined as L);
  const { state: read, remembering } = await openList(request, api, options.listKey, options.spec, options.rules);
  const url = new URL(request.url);
  // Names typed beside autocomplete filters: what they find becomes the filter (a redirect), the rest is reported.
  const finds =
    options.finders && [...url.searchParams.keys()].some((k) => FIND_PARAM.test(k))
      ? await applyFilterFinds(url, read, options.spec, options.finders(api, await access))
      : {};
  if (options.firstVisit && ![...url.searchParams.keys()].some((k) => LIST_PARAMS.test(k))) {
    await access;
    throw redirectToCanonical(url, { ...read, filters: options.firstVisit }, options.spec);
  }
  const page = started(options.fetch(api, read));
  // The guard first: its redirect wins over the refusal the API gives a call it would not have allowed.
  const signedIn = await access;
  const lookups = await looking;
  const filters = options.filters?.(lookups, signedIn) ?? options.rules ?? [];
  const state = options.filters ? cleanFilters(read, filters) : read;
  if (canonicalQuery(state, options.spec) !== canonicalQuery(read, options.spec)) {
    await remembering;
    throw redirectToCanonical(url, state, options.spec);
  }
  let list: P;
  try {
    [list] = await Promise.all([page, remembering]);
  } catch (error) {
    throw await refusedList(request, error, state, options.spec, remembering);
  }
  return { ...signedIn, state, page: list, lookups, filters, finds };
}

/** Told when a list's address held a filter the API refused (an id that is not one, from an edited or old link). */
const REFUSED_FILTER_MESSAGE = "A filter of this address was not valid and has been removed.";

/**
 * What answers a list whose page the API refused. Filters it names (errors on `filter.{key}`) leave the address,
 * with their dependants, by a redirect that also makes the cleaned list the remembered one — else the bare list
 * address would bring the refused filter back on every visit. Any other refusal is a 400 page, not an error.
 */
async function refusedList(request: Request, error: unknown, state: ListState, spec: ListSpec, remembering: Promise<void>): Promise<unknown> {
  if (!(error instanceof ApiValidationError)) return error;
  // The spec: a table's load failure is logged.
  console.warn(`The list ${new URL(request.url).pathname} was refused: ${error.body.message}`);
  await remembering.catch(() => undefined);
  // A field is `filter.{key}` or, for a part of a range, `filter.{key}.from` (a key may hold dots: individuals.id).
  const fields = Object.keys(error.body.errors ?? {});
  const refused = Object.keys(state.filters).filter((key) => fields.some((f) => f === `filter.${key}` || f.startsWith(`filter.${key}.`)));
  if (!refused.length) return new Response(error.body.message, { status: 400 });
  const cleaned = refused.reduce((next, key) => withFilter(next, spec, key, null), state);
  return redirectWithToast(request, canonicalHref(new URL(request.url), cleaned, spec), { kind: "error", message: REFUSED_FILTER_MESSAGE });
}

/** A find field of the filter form: `find[{filter key}]` (filterFindName). */
const FIND_PARAM = /^find\[(.+)\]$/;

/**
 * The filter form's find fields: each name that finds one choice sets that filter (back on page 1), and with the
 * empty ones leaves the address, by a redirect; a name that finds none or several stays, with why (and the matches).
 */
async function applyFilterFinds(url: URL, state: ListState, spec: ListSpec, finders: Record<string, ChoiceFinder>): Promise<FilterFinds> {
  const finds: FilterFinds = {};
  const settled: string[] = [];
  const set: Record<string, string> = {};
  await Promise.all(
    [...url.searchParams].map(async ([param, raw]) => {
      const key = FIND_PARAM.exec(param)?.[1];
      if (!key) return;
      const text = findText(raw);
      const finder = finders[key];
      if (!finder || !text) return void settled.push(param);
      const outcome = await findChoice(finder, text);
      if ("value" in outcome) {
        set[key] = outcome.value;
        settled.push(param);
      } else finds[key] = { text, error: outcome.error, narrowed: outcome.narrowed };
    }),
  );
  if (settled.length) {
    const next = new URL(url);
    for (const param of settled) next.searchParams.delete(param);
    throw redirectToCanonical(next, Object.keys(set).length ? { ...state, page: 1, filters: { ...state.filters, ...set } } : state, spec);
  }
  return finds;
}

/** The state with its filter values cleaned by the filters' rules; a filter they rule out takes its dependants with it. */
export function cleanFilters(state: ListState, filters: readonly FilterDefinition[]): ListState {
  const defs = [...filters];
  const kept: ListState["filters"] = normaliseFilters(defs, state.filters);
  const gone = new Set(Object.keys(state.filters).flatMap((key) => (kept[key] === undefined ? keysRemovedWith(defs, key) : [])));
  return { ...state, filters: Object.fromEntries(Object.entries(kept).filter(([key]) => !gone.has(key))) };
}

/** The list's canonical address for `state`, keeping the URL's other parameters (but empty find fields). */
function canonicalHref(url: URL, state: ListState, spec: ListSpec): string {
  const others = [...url.searchParams].filter(([k, v]) => !LIST_PARAMS.test(k) && !(FIND_PARAM.test(k) && v.trim() === ""));
  const canonical = new URLSearchParams(canonicalQuery(state, spec));
  for (const [k, v] of others) canonical.append(k, v);
  return `${url.pathname}?${canonical}`;
}

/**
 * A redirect to the list's address without filter `key`: a value the page found not to be one (a chosen record that
 * is not the company's). The cleaned list becomes the remembered one.
 */
export const redirectWithoutFilter = (request: Request, state: ListState, spec: ListSpec, key: string) =>
  redirectToCanonical(new URL(request.url), withFilter(state, spec, key, null), spec);

/** A redirect to the list's canonical address for `state`. */
const redirectToCanonical = (url: URL, state: ListState, spec: ListSpec) => redirect(canonicalHref(url, state, spec));

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
      // The URL's other parameters go along (a drawer's own, such as the client a new task is for).
      throw redirectToCanonical(url, { ...parseListUrl(new URLSearchParams(query), spec), page: 1 }, spec);
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
