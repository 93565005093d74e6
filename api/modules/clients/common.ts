/** Helpers shared by the client modules (individuals, companies, notes, e-mail threads). */
import { and, eq, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import type { Db } from "#api/db/client";
import { oneOfIds, preparedPerDatabase } from "#api/db/prepared";
import { users } from "#api/db/schema";
import { HttpError, invalid } from "#api/http/errors";
import { textFilter } from "#api/http/paging";

/** A yes/no filter: "1"/"true"/"yes" → true, "0"/"false"/"no" → false; other values answer 422. */
export function booleanFilter(query: ListQuery, key: string): boolean | undefined {
  const v = textFilter(query, key)?.toLowerCase();
  if (v === undefined) return undefined;
  if (["1", "true", "yes"].includes(v)) return true;
  if (["0", "false", "no"].includes(v)) return false;
  throw invalid({ [`filter.${key}`]: ["Use 1 (yes) or 0 (no)."] });
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const personName = (u: { name: string; lastName: string }) => [u.name, u.lastName].filter(Boolean).join(" ");

const usersByIds = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, name: users.name, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, sql.placeholder("tenant")), oneOfIds(users.id)))
    .prepare("user_names_by_ids"),
);

/** Names of the tenant's users by id (owners, authors, senders): one named statement, planned once per connection. */
export async function userNames(db: Db, tenantId: number, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === "number"))];
  if (!wanted.length) return new Map();
  const rows = await usersByIds(db).execute({ tenant: tenantId, ids: wanted });
  return new Map(rows.map((u) => [u.id, personName(u)]));
}

export function ref(id: number | null | undefined, names: Map<number, string>) {
  return id != null && names.has(id) ? { id, name: names.get(id)! } : null;
}

/** 422 unless the user belongs to the tenant. */
export async function assertTenantUser(db: Db, tenantId: number, userId: number, field = "owner_user_id") {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  if (!u) throw invalid({ [field]: ["Choose a user of your company."] });
}

export const stillInUse = (what: string) => new HttpError(409, `Some of these ${what} are still used elsewhere (for example by tasks); nothing was deleted.`);

/** The distinct ids of a bulk request. */
export const distinct = (ids: number[]) => [...new Set(ids)];
