import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A tenant: one customer company of the platform. Every tenant-owned row points here. */
export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  uuid: uuid("uuid").notNull().defaultRandom().unique(),
  name: text("name").notNull(),
  isInternal: boolean("is_internal").notNull().default(false),
  isSmallBusiness: boolean("is_small_business").notNull().default(false),
  tenantIsSegParent: boolean("tenant_is_seg_parent").notNull().default(false),
  tenantGroupParentAt: timestamp("tenant_group_parent_at", { withTimezone: true }),
  needsKyb: boolean("needs_kyb").notNull().default(false),
  kybStatus: text("kyb_status").notNull().default("not_started"),
  mainColor: text("main_color"),
  fullLogo: text("full_logo"),
  companyIcon: text("company_icon"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom().unique(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    telephone: text("telephone"),
    /** argon2id; null while an invited user has not set a password yet. */
    passwordHash: text("password_hash"),
    profilePhotoPath: text("profile_photo_path"),
    pinHash: text("pin_hash"),
    pinIsAllowed: boolean("pin_is_allowed").notNull().default(false),
    isFrontEndUser: boolean("is_front_end_user").notNull().default(true),
    requiresEmailVerification: boolean("requires_email_verification").notNull().default(false),
    /** Feature flag 'Can view broker portal login link'. */
    hasCedarPermission: boolean("has_cedar_permission").notNull().default(false),
    /** Feature flag 'Can make phone calls'. */
    canMakePhoneCalls: boolean("can_make_phone_calls").notNull().default(false),
    status: text("status", { enum: ["active", "invited"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`), index("users_tenant_idx").on(t.tenantId)],
);

export const permissionGroups = pgTable("permission_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const permissions = pgTable("permissions", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  groupId: integer("group_id")
    .notNull()
    .references(() => permissionGroups.id),
});

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A system role cannot be deleted; some of its permissions are locked. */
    isSystem: boolean("is_system").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("roles_tenant_name_unique").on(t.tenantId, sql`lower(${t.name})`), index("roles_tenant_created_idx").on(t.tenantId, t.createdAt, t.id)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    canBeRemoved: boolean("can_be_removed").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

/** API bearer tokens; only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId)],
);

/** The e-mail verification step of sign-in: a token for the browser, a code sent by e-mail. */
export const emailVerifications = pgTable("email_verifications", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  codeHash: text("code_hash").notNull(),
  /** Wrong codes guessed in this sign-in attempt, across every code sent for it (a resend does not reset it). */
  attempts: integer("attempts").notNull().default(0),
  /** Codes sent again for this attempt, and when the last code was sent (resends are rate-limited). */
  resends: integer("resends").notNull().default(0),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A change of a user's e-mail address waiting for proof: the link e-mailed to the new address confirms it;
 * until then the old address stays the user's.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_changes_user_idx").on(t.userId)],
);

/** Invitations of new users: /user-setup/{uuid}/{token}. */
export const userInvitations = pgTable(
  "user_invitations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_invitations_user_idx").on(t.userId)],
);

/** A "Forgot password?" link: one use, short-lived; only its hash is stored. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);
