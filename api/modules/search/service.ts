import { and, asc, eq, ilike, inArray, isNull, notIlike, or, sql } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";
import { hasAnyPermission } from "#contract/permissions";
import { SEARCH_GROUP_PERMISSIONS, type GlobalSearchResults, type SearchResult } from "#contract/global-search";
import type { Db } from "#api/db/client";
import { clientCompanies, individuals, pipelines, pipelineStages, tasks } from "#api/db/schema";
import { likeEscape } from "#api/http/paging";
import { startsWith } from "#api/lib/prefix";

/**
 * What a search finds, best first: the records whose name (or e-mail) starts with q, in name order; then, to fill
 * the limit, those where a later word starts with q ("okafor" finds "Florence Okafor"), in name order. Each step
 * is one indexed read: the prefix a range of the (tenant, lower(name)) b-tree, a later word the trigram index.
 */
type Step = "start" | "word";

async function startsFirst<T extends { id: number }>(limit: number, read: (match: Step, limit: number) => Promise<T[]>): Promise<T[]> {
  const first = await read("start", limit);
  if (first.length >= limit) return first;
  return [...first, ...(await read("word", limit - first.length))];
}

/** `column` has a word after its first that starts with `text` (lower-cased), and does not itself start with it. */
const laterWord = (column: AnyColumn, text: string) => and(ilike(column, `% ${likeEscape(text)}%`), notIlike(column, `${likeEscape(text)}%`))!;

/** A step's condition on a name (see startsFirst): it starts with `text` (lower-cased), or a later word of it does. */
const nameMatches = (match: Step, column: AnyColumn, text: string) => (match === "start" ? startsWith(sql`lower(${column})`, text) : laterWord(column, text));

/** Tasks by name (see startsFirst), their pipeline and stage names joined for the subtitle. */
async function searchTasks(db: Db, tenantId: number, q: string, limit: number): Promise<SearchResult[]> {
  const page = await startsFirst(limit, (match, n) =>
    db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.tenantId, tenantId), nameMatches(match, tasks.name, q)))
      .orderBy(asc(sql`lower(${tasks.name})`), asc(tasks.id))
      .limit(n),
  );
  if (page.length === 0) return [];
  const rows = await db
    .select({ id: tasks.id, name: tasks.name, pipeline: pipelines.name, stage: pipelineStages.name })
    .from(tasks)
    .innerJoin(pipelines, eq(pipelines.id, tasks.pipelineId))
    .innerJoin(pipelineStages, eq(pipelineStages.id, tasks.pipelineStageId))
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        inArray(
          tasks.id,
          page.map((p) => p.id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.flatMap(({ id }) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, type: "task" as const, name: r.name, subtitle: `${r.pipeline} · ${r.stage}`, url: `/tasks/${r.id}` }] : [];
  });
}

/** Individuals (not archived) by full name or e-mail (see startsFirst; a later word of the name only). */
async function searchIndividuals(db: Db, tenantId: number, q: string, limit: number): Promise<SearchResult[]> {
  const rows = await startsFirst(limit, (match, n) =>
    db
      .select({ id: individuals.id, name: individuals.fullName, email: individuals.email })
      .from(individuals)
      .where(
        and(
          eq(individuals.tenantId, tenantId),
          // Or an e-mail that starts with it; the later words are of the name only.
          match === "start"
            ? or(nameMatches(match, individuals.fullName, q), startsWith(sql`lower(${individuals.email})`, q))
            : and(nameMatches(match, individuals.fullName, q), notIlike(sql`coalesce(${individuals.email}, '')`, `${likeEscape(q)}%`)),
          isNull(individuals.archivedAt),
        ),
      )
      .orderBy(asc(sql`lower(${individuals.fullName})`), asc(individuals.id))
      .limit(n),
  );
  return rows.map((r) => ({ id: r.id, type: "individual" as const, name: r.name, subtitle: r.email, url: `/individual/${r.id}` }));
}

/** Client companies by name (see startsFirst). */
async function searchCompanies(db: Db, tenantId: number, q: string, limit: number): Promise<SearchResult[]> {
  const rows = await startsFirst(limit, (match, n) =>
    db
      .select({ id: clientCompanies.id, name: clientCompanies.name, town: clientCompanies.town, postcode: clientCompanies.postcode })
      .from(clientCompanies)
      .where(and(eq(clientCompanies.tenantId, tenantId), nameMatches(match, clientCompanies.name, q)))
      .orderBy(asc(sql`lower(${clientCompanies.name})`), asc(clientCompanies.id))
      .limit(n),
  );
  return rows.map((r) => ({
    id: r.id,
    type: "company" as const,
    name: r.name,
    subtitle: [r.town, r.postcode].filter(Boolean).join(", ") || null,
    url: `/company/${r.id}`,
  }));
}

/** GET /global-search: each group the caller may see, searched in parallel, at most `limit` each. */
export async function globalSearch(db: Db, auth: { tenantId: number; permissions: Set<string> }, q: string, limit: number): Promise<GlobalSearchResults> {
  const text = q.toLowerCase();
  const may = (group: keyof typeof SEARCH_GROUP_PERMISSIONS) => hasAnyPermission(auth.permissions, SEARCH_GROUP_PERMISSIONS[group]);
  const [t, i, c] = await Promise.all([
    may("tasks") ? searchTasks(db, auth.tenantId, text, limit) : undefined,
    may("individuals") ? searchIndividuals(db, auth.tenantId, text, limit) : undefined,
    may("companies") ? searchCompanies(db, auth.tenantId, text, limit) : undefined,
  ]);
  return { ...(t ? { tasks: t } : {}), ...(i ? { individuals: i } : {}), ...(c ? { companies: c } : {}) };
}
