import { asc, eq, inArray } from "drizzle-orm";
import type { CompanySummary, Me } from "../../../contract/auth";
import type { Db } from "../../db/client";
import { companies, permissions, rolePermissions, roles, userRoles, users } from "../../db/schema";
import { notFound } from "../../http/errors";

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

/** The logged-in user of the spec: roles with their permissions, and the permissions collected from them. */
export async function loadMe(db: Db, userId: number): Promise<Me> {
  const [row] = await db.select().from(users).innerJoin(companies, eq(companies.id, users.tenantId)).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound("User");
  const { users: u, companies: c } = row;

  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name));
  const permRows = roleRows.length
    ? await db
        .select({ roleId: rolePermissions.roleId, id: permissions.id, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(
          inArray(
            rolePermissions.roleId,
            roleRows.map((r) => r.id),
          ),
        )
        .orderBy(asc(permissions.name))
    : [];

  const rolesOut = roleRows.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: permRows.filter((p) => p.roleId === r.id).map(({ id, name }) => ({ id, name })),
  }));
  const permissionNames = [...new Set(permRows.map((p) => p.name))].sort();

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
