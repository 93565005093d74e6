import { count, inArray, sql } from "drizzle-orm";
import { allPermissions, type Permission } from "#contract/permissions";
import { seedAutomations } from "./seed-automations";
import { inviteUser } from "../modules/auth/service";
import type { MailProvider } from "../integrations/mail";
import { hashPassword } from "../lib/passwords";
import type { Database, Tx } from "./client";
import { ensureReferenceData } from "./reference";
import { seedClients } from "./seed-clients";
import { seedCalendar } from "./seed-calendar";
import { seedCrm } from "./seed-crm";
import { seedSales } from "./seed-sales";
import { seedCalls } from "./seed-calls";
import { seedPayments } from "./seed-payments";
import { seedTerminalOrders } from "./seed-terminal-orders";
import { seedTerminals } from "./seed-terminals";
import { seedPolicies } from "./seed-policies";
import { seedBdx } from "./seed-bdx";
import { seedAccounting } from "./seed-accounting";
import { seedNotifications } from "./seed-notifications";
import { companies, permissions, providers, rolePermissions, roles, teamInvitations, teamMembers, teams, userRoles, users } from "./schema";
import { DEMO_PROVIDERS, DEMO_TEAMS, demoProviderFields, HARBOUR_STAFF, type DemoProvider, type DemoTeam } from "./seed-directory";

export const DEMO_PASSWORD = "demo-pass-2026";

/** Permissions an Administrator role can never lose, so nobody locks the company out of role administration. */
export const LOCKED_ADMIN_PERMISSIONS: Permission[] = ["role_view", "role_manage"];

export const ADVISER_PERMISSIONS: Permission[] = [
  "task_view",
  "task_manage",
  "pipeline_view",
  "pipeline_access",
  "pipeline_manage",
  "individual_view",
  "individual_manage",
  "company_view",
  "company_manage",
  "policy_view",
  "policy_manage",
  "quote_view",
  "quote_manage",
  "invoice_view",
  "invoice_manage",
  "product_view",
  "product_manage",
];

/** Everything the smallBusiness menus use (proved by a unit test against the menu definition). */
export const OWNER_PERMISSIONS: Permission[] = [
  "benefit_view",
  "benefit_create",
  "benefit_delete",
  "benefit_view_reports",
  "events_view",
  "team_events_view",
  "events_manage",
  "task_view",
  "task_manage",
  "pipeline_view",
  "pipeline_access",
  "pipeline_manage",
  "individual_view",
  "individual_create",
  "individual_manage",
  "company_view",
  "company_create",
  "company_manage",
  "company_profile_view",
  "company_profile_edit",
  "company_profile_manage",
  "document_template_view",
  "document_template_manage",
  "quote_view",
  "quote_manage",
  "quote_delete",
  "invoice_view",
  "invoice_manage",
  "invoice_delete",
  "xero_invoices_view",
  "xero_invoices_manage",
  "terminal_view",
  "terminal_manage",
  "terminal_request",
  "payment_view",
  "payment_manage",
  "account_settings_view",
  "account_settings_manage",
  "team_view",
  "team_create",
  "team_manage",
  "role_view",
  "role_create",
  "role_manage",
  "product_view",
];

interface DemoUser {
  email: string;
  name: string;
  lastName: string;
  roles: string[];
  flags?: Partial<
    Pick<typeof users.$inferInsert, "hasCedarPermission" | "canMakePhoneCalls" | "pinIsAllowed" | "isFrontEndUser" | "requiresEmailVerification" | "telephone">
  >;
}
interface DemoCompany {
  company: typeof companies.$inferInsert;
  roles: Record<string, { permissions: Permission[]; system?: boolean }>;
  users: DemoUser[];
  invited?: { email: string; name: string; lastName: string; roles: string[] }[];
  /** Insurance providers (parent tenants only). */
  providers?: DemoProvider[];
  /** Teams of the company's users, with pending invitations. */
  teams?: DemoTeam[];
}

export const demoCompanies: DemoCompany[] = [
  {
    company: {
      name: "Harbour Brokers",
      isInternal: true,
      tenantIsSegParent: true,
      mainColor: "#0f4c81",
      fullLogo: "/brand/harbour-brokers.svg",
      companyIcon: "/brand/harbour-icon.svg",
    },
    roles: {
      Administrator: { permissions: [...allPermissions], system: true },
      "Task viewer": { permissions: ["task_view"] },
    },
    users: [
      {
        email: "admin@harbour.test",
        name: "Amelia",
        lastName: "Hart",
        roles: ["Administrator"],
        flags: { hasCedarPermission: true, canMakePhoneCalls: true, pinIsAllowed: true, telephone: "+44 20 7946 0101" },
      },
      { email: "viewer@harbour.test", name: "Victor", lastName: "Lane", roles: ["Task viewer"] },
      { email: "ops@harbour.test", name: "Olive", lastName: "Price", roles: ["Administrator"], flags: { isFrontEndUser: false } },
      { email: "verify@harbour.test", name: "Vera", lastName: "Mills", roles: ["Administrator"], flags: { requiresEmailVerification: true } },
      // Staff without special flags, so teams and member search have people to show.
      ...HARBOUR_STAFF.map((s) => ({ ...s, roles: ["Task viewer"] })),
    ],
    invited: [{ email: "new.starter@harbour.test", name: "Noah", lastName: "Stone", roles: ["Task viewer"] }],
    providers: DEMO_PROVIDERS,
    teams: DEMO_TEAMS["Harbour Brokers"],
  },
  {
    company: { name: "Northgate Advisers", mainColor: "#6b21a8", fullLogo: "/brand/northgate-advisers.svg" },
    roles: {
      Administrator: { permissions: [...allPermissions], system: true },
      Adviser: { permissions: ADVISER_PERMISSIONS },
    },
    users: [{ email: "adviser@northgate.test", name: "Aisha", lastName: "Khan", roles: ["Adviser"] }],
    teams: DEMO_TEAMS["Northgate Advisers"],
  },
  {
    company: { name: "Bloom Bakery Ltd", isSmallBusiness: true, mainColor: "#be185d", fullLogo: "/brand/bloom-bakery.svg" },
    roles: {
      Administrator: { permissions: [...allPermissions], system: true },
      Owner: { permissions: OWNER_PERMISSIONS },
    },
    users: [{ email: "owner@bloom.test", name: "Olivia", lastName: "Bloom", roles: ["Owner"], flags: { pinIsAllowed: true, canMakePhoneCalls: true } }],
    teams: DEMO_TEAMS["Bloom Bakery Ltd"],
  },
];

export async function isSeeded(database: Database): Promise<boolean> {
  const [{ n }] = await database.db.select({ n: count() }).from(companies);
  return n > 0;
}

/** Removes every tenant and what hangs off it (the permission catalogue stays). */
export async function wipe(database: Database) {
  await database.db.execute(sql`truncate table companies, outbox_messages restart identity cascade`);
}

export async function seedDemo(database: Database, mail: MailProvider, portalUrl: string) {
  await ensureReferenceData(database.db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const invitedIds: number[] = [];
  await database.transaction(async (tx) => {
    const permRows = await tx
      .select({ id: permissions.id, name: permissions.name })
      .from(permissions)
      .where(inArray(permissions.name, [...allPermissions]));
    const permId = new Map(permRows.map((p) => [p.name, p.id]));
    for (const demo of demoCompanies) {
      const [company] = await tx.insert(companies).values(demo.company).returning();
      const roleIds = new Map<string, number>();
      for (const [name, def] of Object.entries(demo.roles)) {
        const [role] = await tx
          .insert(roles)
          .values({ tenantId: company.id, name, isSystem: def.system ?? false })
          .returning({ id: roles.id });
        roleIds.set(name, role.id);
        await tx.insert(rolePermissions).values(
          def.permissions.map((p) => ({
            roleId: role.id,
            permissionId: permId.get(p)!,
            canBeRemoved: !(def.system && LOCKED_ADMIN_PERMISSIONS.includes(p)),
          })),
        );
      }
      const userIds = new Map<string, number>();
      for (const u of demo.users) {
        userIds.set(u.email, await addUser(tx, company.id, roleIds, { ...u, passwordHash, status: "active" }));
      }
      for (const u of demo.invited ?? []) {
        invitedIds.push(await addUser(tx, company.id, roleIds, { ...u, passwordHash: null, status: "invited" }));
      }
      if (demo.providers?.length) {
        // Created a day apart (oldest first), so sorting by created_at differs from sorting by name.
        const day = 24 * 60 * 60 * 1000;
        const start = Date.now() - demo.providers.length * day;
        await tx.insert(providers).values(
          demo.providers.map((p, i) => {
            const createdAt = new Date(start + i * day);
            return { tenantId: company.id, ...demoProviderFields(p, i), createdAt, updatedAt: createdAt };
          }),
        );
      }
      for (const t of demo.teams ?? []) {
        const [team] = await tx.insert(teams).values({ tenantId: company.id, name: t.name }).returning({ id: teams.id });
        if (t.members.length) {
          await tx.insert(teamMembers).values(
            t.members.map((m) => ({
              tenantId: company.id,
              teamId: team.id,
              userId: userIds.get(m.email)!,
              role: m.leader ? ("leader" as const) : ("member" as const),
            })),
          );
        }
        // Seeded invitations are demo data: no e-mail goes out for them.
        const inviter = userIds.get(t.members.find((m) => m.leader)?.email ?? demo.users[0].email)!;
        for (const email of t.invitations ?? []) {
          await tx.insert(teamInvitations).values({ tenantId: company.id, teamId: team.id, email, invitedBy: inviter });
        }
      }
    }
  });
  await seedClients(database);
  await seedNotifications(database);
  for (const id of invitedIds) await inviteUser(database, mail, portalUrl, id);
  // The CRM book last: it links tasks to the individuals and companies seeded before it.
  await seedCrm(database);
  await seedSales(database);
  await seedCalls(database);
  await seedPayments(database);
  await seedTerminals(database);
  await seedTerminalOrders(database);
  await seedCalendar(database);
  await seedPolicies(database);
  await seedBdx(database);
  await seedAutomations(database);
  await seedAccounting(database);
}

async function addUser(
  tx: Tx,
  tenantId: number,
  roleIds: Map<string, number>,
  u: DemoUser & { passwordHash: string | null; status: "active" | "invited" },
): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({ tenantId, email: u.email, name: u.name, lastName: u.lastName, passwordHash: u.passwordHash, status: u.status, ...u.flags })
    .returning({ id: users.id });
  await tx.insert(userRoles).values(u.roles.map((r) => ({ userId: user.id, roleId: roleIds.get(r)! })));
  return user.id;
}
