import { and, eq, inArray, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { DOCUMENT_TEMPLATE_SORTS, type DocumentTemplate, type DocumentTemplateBody } from "#contract/document-templates";
import type { Db } from "#api/db/client";
import { documentTemplates } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { countedListStatements, countedPage, ListShape, listOrder, sortOf, textFilter } from "#api/http/paging";

type Row = typeof documentTemplates.$inferSelect;

export function toDocumentTemplate(row: Row): DocumentTemplate {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list's statements, prepared per shape. */
const listStatements = countedListStatements(documentTemplates, (db) => db.select().from(documentTemplates).$dynamic());

export async function listDocumentTemplates(db: Db, tenantId: number, query: ListQuery) {
  const shape = new ListShape();
  const where = and(
    eq(documentTemplates.tenantId, shape.value("tenant", tenantId)),
    shape.contains("search", [documentTemplates.name, documentTemplates.notes], textFilter(query, "search")),
  )!;
  const sort = sortOf(query, DOCUMENT_TEMPLATE_SORTS) ?? { field: "name" as const, desc: false };
  const column = { name: sql`lower(${documentTemplates.name})`, created_at: documentTemplates.createdAt }[sort.field];
  const order = shape.sorted(sort, listOrder(column, documentTemplates.id, sort.desc, false).order);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  return { rows: rows.map(toDocumentTemplate), total };
}

export async function getDocumentTemplate(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.tenantId, tenantId), eq(documentTemplates.id, id)))
    .limit(1);
  if (!row) throw notFound("Document template");
  return toDocumentTemplate(row);
}

export async function createDocumentTemplate(db: Db, tenantId: number, body: DocumentTemplateBody) {
  const [row] = await db.insert(documentTemplates).values({ tenantId, name: body.name, notes: body.notes }).returning();
  return toDocumentTemplate(row);
}

export async function updateDocumentTemplate(db: Db, tenantId: number, id: number, body: DocumentTemplateBody) {
  const [row] = await db
    .update(documentTemplates)
    .set({ name: body.name, notes: body.notes, updatedAt: new Date() })
    .where(and(eq(documentTemplates.tenantId, tenantId), eq(documentTemplates.id, id)))
    .returning();
  if (!row) throw notFound("Document template");
  return toDocumentTemplate(row);
}

/** Deletes those of `ids` that are the tenant's; the number deleted (404 when none was). */
export async function deleteDocumentTemplates(db: Db, tenantId: number, ids: number[]) {
  const gone = await db
    .delete(documentTemplates)
    .where(and(eq(documentTemplates.tenantId, tenantId), inArray(documentTemplates.id, ids)))
    .returning({ id: documentTemplates.id });
  if (gone.length === 0) throw notFound("Document template");
  return gone.length;
}
