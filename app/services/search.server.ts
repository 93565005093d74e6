import { z } from "zod";
import { GLOBAL_SEARCH_MAX_LIMIT, SEARCH_GROUP_PERMISSIONS } from "#contract/global-search";
import type { Words } from "../lib/labels";
import type { Api } from "./api.server";
import { searchText } from "../lib/search-text";
import { can } from "../access/permissions";

/**
 * GET /global-search answers one group per kind of record the caller may see (tasks, individuals,
 * companies today; policies once they exist). The portal reads any group it is sent, so a new kind
 * shows up without a change here: known groups get their own title and list page, others a title from
 * their key.
 */
const resultSchema = z.object({ id: z.number().int(), type: z.string(), name: z.string(), subtitle: z.string().nullable(), url: z.string() });
const responseSchema = z.object({ data: z.record(z.string(), z.array(resultSchema)), meta: z.object({ q: z.string(), limit: z.number().int() }) });

export const SEARCH_MAX_LENGTH = 100;
export const QUICK_LIMIT = 5;
export const PAGE_LIMIT = GLOBAL_SEARCH_MAX_LIMIT;

export interface SearchHit {
  id: number;
  name: string;
  subtitle: string | null;
  url: string;
}
export interface SearchGroup {
  key: string;
  title: string;
  results: SearchHit[];
  /** The group's own list, searched for the same text (for 'See all'). */
  listHref: string | null;
}

const ORDER = ["tasks", "individuals", "companies", "policies"];

/** The search text of a URL (?q=): trimmed, at most 100 characters. */
export function searchTextFrom(url: URL): string {
  return searchText(url.searchParams.get("q"), SEARCH_MAX_LENGTH);
}

function titleOf(key: string, words: Words): string {
  switch (key) {
    case "tasks":
      return words.Tasks;
    case "individuals":
      return words.Individuals;
    case "companies":
      return words.Companies;
    default:
      return key.replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());
  }
}

function listHrefOf(key: string, q: string): string | null {
  const path = { tasks: "/tasks", individuals: "/individuals", companies: "/companies", policies: "/policies" }[key];
  return path ? `${path}?${new URLSearchParams({ search: q })}` : null;
}

/** A result opens a page of the portal: only same-site paths are kept. */
const isPortalPath = (url: string) => url.startsWith("/") && !url.startsWith("//");

/** The groups found for q, in a fixed order (tasks, individuals, companies, then any others by name). */
export async function searchEverything(api: Api, q: string, limit: number, words: Words): Promise<SearchGroup[]> {
  const res = await api.get("/global-search", { query: { q, limit }, schema: responseSchema });
  return Object.entries(res.data)
    .sort(([a], [b]) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b))
    .map(([key, results]) => ({
      key,
      title: titleOf(key, words),
      results: results.filter((r) => isPortalPath(r.url)).map(({ id, name, subtitle, url }) => ({ id, name, subtitle, url })),
      listHref: listHrefOf(key, q),
    }));
}

/** What the user may search, in words ('tasks, individuals and companies'); "" for nothing. */
export function searchableWords(permissions: readonly string[], words: Words): string {
  const may = (group: keyof typeof SEARCH_GROUP_PERMISSIONS) => can({ permissions }, ...SEARCH_GROUP_PERMISSIONS[group]);
  const parts = [may("tasks") ? words.tasks : null, may("individuals") ? words.individuals : null, may("companies") ? words.companies : null].filter(
    (p): p is NonNullable<typeof p> => p !== null,
  ) as string[];
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : (parts[0] ?? "");
}
