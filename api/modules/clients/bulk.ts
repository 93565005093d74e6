/** What the individuals' and companies' lists share: deleting many with what hangs off them. */
import type { Database, Tx } from "#api/db/client";
import { isForeignKeyViolation } from "#api/lib/db-errors";
import { deleteThreadsFor } from "../email/service";
import { deleteNotesFor } from "../notes/service";
import { stillInUse } from "./common";

/**
 * Deletes many clients of one kind in one transaction, their notes and e-mail threads first; a row
 * still used elsewhere (a foreign key) answers 409 and nothing is deleted.
 */
export async function deleteClients(
  database: Database,
  tenantId: number,
  type: "individual" | "company",
  plural: string,
  ids: number[],
  deleteRows: (tx: Tx) => Promise<unknown>,
) {
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
