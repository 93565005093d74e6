/**
 * The records notes and e-mail threads hang off: tasks, individuals and client companies, found within
 * the caller's tenant only, and the permissions that let a user see or change each kind.
 */
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { hasAnyPermission, type Permission } from "#contract/permissions";
import type { Db } from "#api/db/client";
import * as schema from "#api/db/schema";
import { clientCompanies, individuals } from "#api/db/schema";
import { forbidden } from "#api/http/errors";

export type RecordType = "task" | "individual" | "company";

/**
 * Who may read client companies: every permission the spec's route table lets into `companies` and
 * `company/{id}` (a user let in by the portal must not meet a refusal on the page's reads).
 */
export const COMPANY_READ: Permission[] = [
  "company_view",
  "company_create",
  "company_manage",
  "company_profile_edit",
  "company_profile_view",
  "company_profile_manage",
];

export const VIEW_PERMISSIONS: Record<RecordType, Permission[]> = {
  task: ["task_view", "task_manage"],
  individual: ["individual_view", "individual_manage"],
  company: COMPANY_READ,
};

export const MANAGE_PERMISSIONS: Record<RecordType, Permission[]> = {
  task: ["task_manage"],
  individual: ["individual_manage"],
  company: ["company_manage"],
};

export const ANY_VIEW: Permission[] = Object.values(VIEW_PERMISSIONS).flat();
export const ANY_MANAGE: Permission[] = Object.values(MANAGE_PERMISSIONS).flat();

export const LABELS: Record<RecordType, string> = { task: "Task", individual: "Individual", company: "Company" };

export function assertCan(permissions: Set<string>, type: RecordType, level: "view" | "manage") {
  if (!hasAnyPermission(permissions, (level === "view" ? VIEW_PERMISSIONS : MANAGE_PERMISSIONS)[type])) throw forbidden();
}

export const canManage = (permissions: Set<string>, type: RecordType) => hasAnyPermission(permissions, MANAGE_PERMISSIONS[type]);

type TenantTable = PgTable & { id: PgColumn; tenantId: PgColumn };

/**
 * The tasks table belongs to the tasks module; it is looked up by its export name `tasks` so that notes
 * and e-mails work on tasks as soon as that table exists (until then no task is found).
 */
function tasksTable(): TenantTable | undefined {
  const t = (schema as Record<string, unknown>).tasks as Partial<TenantTable> | undefined;
  return t && typeof t === "object" && t.id && t.tenantId ? (t as TenantTable) : undefined;
}

function tableOf(type: RecordType): TenantTable | undefined {
  if (type === "individual") return individuals as unknown as TenantTable;
  if (type === "company") return clientCompanies as unknown as TenantTable;
  return tasksTable();
}

/** True when the record exists in the tenant. */
export async function recordExists(db: Db, tenantId: number, type: RecordType, id: number): Promise<boolean> {
  const table = tableOf(type);
  if (!table) return false;
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}
