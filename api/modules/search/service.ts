import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { hasAnyPermission } from "../../../contract/permissions";
import { SEARCH_GROUP_PERMISSIONS, type GlobalSearchResults, type SearchResult } from "../../../contract/global-search";
import type { Db } from "../../db/client";
import { clientCompanies, individuals, pipelines, pipelineStages, tasks } from "../../db/schema";
import { startsWith } from "../../lib/prefix";

/**
 * Tasks whose name starts with q (case-insensitive), by name: the page comes from the (tenant_id,
 * lower(name)) index alone, then its pipeline and stage names are joined for the subtitle.
 */
async function searchTasks(db: Db, tenantId: number, q: string, limit: number): Promise<SearchResult[]> {
  const page = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), startsWith(sql`lower(${tasks.name})`, q)))
    .orderBy(asc(sql`lower(${tasks.name})`), asc(tasks.id))
    .limit(limit);
  if (page.length === 0) return [];
  const rows = await db
    .select({ id: tasks.id, name: tasks.name, pipeline: pipelines.name, stage: pipelineStages.name })
    .from(tasks)
    .innerJoin(pipelines, eq(pipelines.id, tasks.pipelineId))
    .innerJoin(pipelineStages, eq(pipelineStages.id, tasks.pipelineStageId))
    .where(and(eq(tasks.tenantId, tenantId), inArray(tasks.id, page.map((p) => p.id))))
    .orderBy(asc(sql`lower(${tasks.name})`), asc(tasks.id));
  return rows.map((r) => ({ id: r.id, type: "task" as const, name: r.name, subtitle: `${r.pipeline} · ${r.stage}`, url: `/tasks/${r.id}` }));
}

/** Individuals (not archived) whose full name or e-mail starts with q. */
async function searchIndividuals(db: Db, tenantId: number, q: string, limit: number): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: individuals.id, name: individuals.fullName, email: individuals.email })
    .from(individuals)
    .where(
      and(
        eq(individuals.tenantId, tenantId),
        or(startsWith(sql`lower(${individuals.fullName})`, q), startsWith(sql`lower(${individuals.email})`, q)),
        isNull(individuals.archivedAt),
      ),
    )
    .orderBy(asc(sql`lower(${individuals.fullName})`), asc(individuals.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, type: "individual" as const, name: r.name, subtitle: r.email, url: `/individual/${r.id}` }));
}

/** Client companies whose name starts with q. */
async function searchCompanies(db: Db, tenantId: number, q: string, limit: number): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: clientCompanies.id, name: clientCompanies.name, town: clientCompanies.town, postcode: clientCompanies.postcode })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.tenantId, tenantId), startsWith(sql`lower(${clientCompanies.name})`, q)))
    .orderBy(asc(sql`lower(${clientCompanies.name})`), asc(clientCompanies.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, type: "company" as const, name: r.name, subtitle: [r.town, r.postcode].filter(Boolean).join(", ") || null, url: `/company/${r.id}` }));
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
