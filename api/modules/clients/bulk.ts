/** What the individuals' and companies' lists share: their order, and deleting many with what hangs off them. */
import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { deleteThreadsFor } from "../email/service";
import { deleteNotesFor } from "../notes/service";
import { isForeignKeyViolation, stillInUse } from "./common";

/**
 * A list's order: the sort column, then the id, both in the sort's direction. A column that may be
 * blank (`nullsLast`) puts the blanks last either way; the other sort columns are never null, so the
 * plain order matches the (tenant_id, column, id) indexes in both directions.
 */
export function listOrder(column: SQL | AnyColumn, id: AnyColumn, descending: boolean, nullsLast: boolean): SQL[] {
  return [nullsLast ? sql`${column} ${sql.raw(descending ? "desc" : "asc")} nulls last` : descending ? desc(column) : asc(column), descending ? desc(id) : asc(id)];
}

/**
 * Deletes many clients of one kind in one transaction, their notes and e-mail threads first; a row
 * still used elsewhere (a foreign key) answers 409 and nothing is deleted.
 */
export async function deleteClients(database: Database, tenantId: number, type: "individual" | "company", plural: string, ids: number[], deleteRows: (tx: Tx) => Promise<unknown>) {
  try {
    await database.transaction(async (tx) => {
      await deleteNotesFor(tx, tenantId, type, ids);
      await deleteThreadsFor(tx, tenantId, type, ids);
      await deleteRows(tx);
    });
  } catch (e) {
    if (isForeignKeyViolation(e)) throw stillInUse(plural);
    throw e;
  }
}
