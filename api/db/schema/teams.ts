import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";

/** Teams of a tenant's staff (task assignment, team calendars, targets). */
export const teams = pgTable(
  "teams",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("teams_tenant_name_unique").on(t.tenantId, sql`lower(${t.name})`), index("teams_tenant_created_idx").on(t.tenantId, t.createdAt, t.id)],
);

export const TEAM_ROLES = ["member", "leader"] as const;

/** A user of the tenant in a team. */
export const teamMembers = pgTable(
  "team_members",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TEAM_ROLES }).notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("team_members_team_user_unique").on(t.teamId, t.userId), index("team_members_user_idx").on(t.userId)],
);

/**
 * An invitation of an e-mail address into a team. Pending while neither cancelled nor accepted; at
 * most one pending invitation per team and address.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: TEAM_ROLES }).notNull().default("member"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    index("team_invitations_team_idx").on(t.teamId, t.createdAt),
    uniqueIndex("team_invitations_pending_unique")
      .on(t.teamId, sql`lower(${t.email})`)
      .where(sql`${t.cancelledAt} is null and ${t.acceptedAt} is null`),
    // A user's pending invitations in their company, looked up at each sign-in (acceptTeamInvitations).
    index("team_invitations_pending_email_idx")
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.cancelledAt} is null and ${t.acceptedAt} is null`),
  ],
);
