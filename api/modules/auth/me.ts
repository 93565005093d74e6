import { eq, sql } from "drizzle-orm";
import type { CompanySummary, Me } from "#contract/auth";
import type { Db } from "#api/db/client";
import { companies, permissions, rolePermissions, roles, userRoles, users } from "#api/db/schema";
import { preparedPerDatabase } from "#api/db/prepared";
import { notFound } from "#api/http/errors";

type CompanyRow = typeof companies.$inferSelect;

export function companySummary(c: CompanyRow): CompanySummary {
  return {
    id: c.id,
    uuid: c.uuid,
    name: c.name,
    needs_kyb: c.needsKyb,
    kyb_status: { value: c.kybStatus },
    full_logo: c.fullLogo,
    main_color: c.mainColor,
    company_icon: c.companyIcon,
    is_internal: c.isInternal,
    is_small_business: c.isSmallBusiness,
    tenant_is_seg_parent: c.tenantIsSegParent,
  };
}

/**
 * The user, the company, and the roles with their permissions (each ordered by name) in one statement,
 * prepared once: the frame asks for it on every page.
 */
const meQuery = preparedPerDatabase((db) =>
  db
    .select({
      users,
      companies,
      roles: sql<{ id: number; name: string; permissions: { id: number; name: string }[] }[]>`(
        select coalesce(json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}, 'permissions', (
          select coalesce(json_agg(json_build_object('id', ${permissions.id}, 'name', ${permissions.name}) order by ${permissions.name}), '[]')
          from ${rolePermissions} join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
          where ${rolePermissions.roleId} = ${roles.id})) order by ${roles.name}), '[]')
        from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.tenantId))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("load_me"),
);

/** The logged-in user of the spec: roles with their permissions, and the permissions collected from them. */
export async function loadMe(db: Db, userId: number): Promise<Me> {
  const [row] = await meQuery(db).execute({ userId });
  if (!row) throw notFound("User");
  const { users: u, companies: c } = row;
  const rolesOut = typeof row.roles === "string" ? (JSON.parse(row.roles) as typeof row.roles) : row.roles;
  const permissionNames = [...new Set(rolesOut.flatMap((r) => r.permissions.map((p) => p.name)))].sort();

  return {
    id: u.id,
    uuid: u.uuid,
    name: u.name,
    last_name: u.lastName,
    full_name: [u.name, u.lastName].filter(Boolean).join(" "),
    email: u.email,
    telephone: u.telephone,
    profile_photo_path: u.profilePhotoPath,
    pin: null,
    has_pin: u.pinHash !== null,
    pin_is_allowed: u.pinIsAllowed,
    roles: rolesOut,
    permissions: permissionNames,
    company: companySummary(c),
    benefitToken: null,
    hasCedarPermission: u.hasCedarPermission,
    canMakePhoneCalls: u.canMakePhoneCalls,
    tenant: { tenant_group_parent_at: c.tenantGroupParentAt ? c.tenantGroupParentAt.toISOString() : null },
  };
}
