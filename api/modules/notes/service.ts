import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import type { Note, NotableType } from "#contract/clients";
import type { Db, Tx } from "#api/db/client";
import { notes } from "#api/db/schema";
import { forbidden, notFound } from "#api/http/errors";
import { offsetOf, sortOf } from "#api/http/paging";
import { hasAnyPermission } from "#contract/permissions";
import { ref, userNames } from "../clients/common";
import { canManage, LABELS, recordExists, VIEW_PERMISSIONS } from "../clients/records";

type Row = typeof notes.$inferSelect;

export interface Caller {
  tenantId: number;
  userId: number;
  permissions: Set<string>;
}

const toNote = (n: Row, names: Map<number, string>, caller: Caller): Note => ({
  id: n.id,
  notable_type: n.notableType,
  notable_id: n.notableId,
  body: n.body,
  author: ref(n.authorId, names),
  can_delete: n.authorId === caller.userId || canManage(caller.permissions, n.notableType),
  created_at: n.createdAt.toISOString(),
});

export async function assertNotable(db: Db, tenantId: number, type: NotableType, id: number) {
  if (!(await recordExists(db, tenantId, type, id))) throw notFound(LABELS[type]);
}

/** The notes of one record, newest first (sort=created_at for oldest first). */
export async function listNotes(db: Db, caller: Caller, type: NotableType, id: number, query: ListQuery) {
  await assertNotable(db, caller.tenantId, type, id);
  const where = and(eq(notes.tenantId, caller.tenantId), eq(notes.notableType, type), eq(notes.notableId, id));
  const sort = sortOf(query, ["created_at"] as const) ?? { field: "created_at", desc: true };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notes)
      .where(where)
      .orderBy(sort.desc ? desc(notes.createdAt) : asc(notes.createdAt), sort.desc ? desc(notes.id) : asc(notes.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(notes).where(where),
  ]);
  const names = await userNames(
    db,
    caller.tenantId,
    rows.map((n) => n.authorId),
  );
  return { rows: rows.map((n) => toNote(n, names, caller)), total };
}

export async function createNote(db: Db, caller: Caller, type: NotableType, id: number, body: string) {
  await assertNotable(db, caller.tenantId, type, id);
  const [row] = await db.insert(notes).values({ tenantId: caller.tenantId, notableType: type, notableId: id, body, authorId: caller.userId }).returning();
  const names = await userNames(db, caller.tenantId, [row.authorId]);
  return toNote(row, names, caller);
}

/** The author, or a holder of the manage permission of what the note is about, may delete it. */
export async function deleteNote(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.tenantId, caller.tenantId), eq(notes.id, id)))
    .limit(1);
  if (!row) throw notFound("Note");
  const isAuthor = row.authorId === caller.userId && hasAnyPermission(caller.permissions, VIEW_PERMISSIONS[row.notableType]);
  if (!isAuthor && !canManage(caller.permissions, row.notableType)) throw forbidden();
  await db.delete(notes).where(and(eq(notes.tenantId, caller.tenantId), eq(notes.id, id)));
}

/** Removes the notes of records that are being deleted (inside the caller's transaction). */
export async function deleteNotesFor(tx: Db | Tx, tenantId: number, type: NotableType, ids: number[]) {
  if (!ids.length) return;
  await tx.delete(notes).where(and(eq(notes.tenantId, tenantId), eq(notes.notableType, type), inArray(notes.notableId, ids)));
}
