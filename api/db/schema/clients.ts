import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";
import { companyTypes, employeeSizes, industries, jobTitles, trades } from "./lookups";

/**
 * Clients of a tenant: individuals and companies (spec: "manage clients, who are companies and
 * individuals"). Note the name: `companies` (table "companies") is the *tenant* table; a client
 * company is `clientCompanies` (table "client_companies"). Other areas (tasks, policies …) point at
 * `individuals.id` and `clientCompanies.id`.
 */
export const individuals = pgTable(
  "individuals",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    /** "first last", maintained by the database. */
    fullName: text("full_name")
      .notNull()
      .generatedAlwaysAs(sql`btrim("first_name" || ' ' || "last_name")`),
    email: text("email"),
    telephone: text("telephone"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    addressLine1: text("address_line_1"),
    addressLine2: text("address_line_2"),
    town: text("town"),
    county: text("county"),
    postcode: text("postcode"),
    /** The adviser who looks after this client (GET /me/client). */
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    portalInvitedAt: timestamp("portal_invited_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Default list order (name) and the created sort; the archived filter rides along.
    index("individuals_tenant_name_idx").on(t.tenantId, sql`lower(${t.fullName})`, t.id),
    index("individuals_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("individuals_tenant_first_name_idx").on(t.tenantId, sql`lower(${t.firstName})`, t.id),
    index("individuals_tenant_last_name_idx").on(t.tenantId, sql`lower(${t.lastName})`, t.id),
    index("individuals_tenant_updated_idx").on(t.tenantId, t.updatedAt, t.id),
    // Blank e-mails go last either way: one index for each direction.
    index("individuals_tenant_email_idx").on(t.tenantId, sql`lower(${t.email})`, t.id),
    index("individuals_tenant_email_desc_idx").on(t.tenantId, sql`lower(${t.email}) desc nulls last`, sql`${t.id} desc`),
    index("individuals_tenant_owner_idx").on(t.tenantId, t.ownerUserId),
    // The list's search (`%term%` on name, e-mail and telephone): trigrams (pg_trgm), so a term of three
    // characters or more is an index scan instead of a read of every row.
    index("individuals_search_trgm_idx").using("gin", t.fullName.op("gin_trgm_ops"), t.email.op("gin_trgm_ops"), t.telephone.op("gin_trgm_ops")),
  ],
);

export const PREFERRED_CHANNELS = ["email", "telephone", "post", "sms"] as const;

export const clientCompanies = pgTable(
  "client_companies",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    typeId: integer("type_id").references(() => companyTypes.id, { onDelete: "set null" }),
    employeeSizeId: integer("employee_size_id").references(() => employeeSizes.id, { onDelete: "set null" }),
    industryId: integer("industry_id").references(() => industries.id, { onDelete: "set null" }),
    tradeId: integer("trade_id").references(() => trades.id, { onDelete: "set null" }),
    registrationNumber: text("registration_number"),
    website: text("website"),
    email: text("email"),
    telephone: text("telephone"),
    addressLine1: text("address_line_1"),
    addressLine2: text("address_line_2"),
    town: text("town"),
    county: text("county"),
    postcode: text("postcode"),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    // Branding
    companyBrandingColour: text("company_branding_colour"),
    logoKey: text("logo_key"),
    iconKey: text("icon_key"),
    // Bank account
    accountName: text("account_name"),
    accountNumber: text("account_number"),
    /** "12-34-56". */
    sortCode: text("sort_code"),
    // Broker data (when the client is itself an intermediary)
    fcaNumber: text("fca_number"),
    network: text("network"),
    appointedRepresentative: boolean("appointed_representative").notNull().default(false),
    principalFirm: text("principal_firm"),
    // Communication details
    preferredChannel: text("preferred_channel", { enum: PREFERRED_CHANNELS }),
    marketingEmail: boolean("marketing_email").notNull().default(false),
    marketingSms: boolean("marketing_sms").notNull().default(false),
    marketingTelephone: boolean("marketing_telephone").notNull().default(false),
    marketingPost: boolean("marketing_post").notNull().default(false),
    consentUpdatedAt: timestamp("consent_updated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("client_companies_tenant_name_idx").on(t.tenantId, sql`lower(${t.name})`, t.id),
    index("client_companies_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("client_companies_tenant_type_idx").on(t.tenantId, t.typeId, sql`lower(${t.name})`),
    index("client_companies_tenant_size_idx").on(t.tenantId, t.employeeSizeId, sql`lower(${t.name})`),
    index("client_companies_tenant_industry_idx").on(t.tenantId, t.industryId, sql`lower(${t.name})`),
    index("client_companies_tenant_trade_idx").on(t.tenantId, t.tradeId, sql`lower(${t.name})`),
    index("client_companies_tenant_owner_idx").on(t.tenantId, t.ownerUserId, sql`lower(${t.name})`),
    index("client_companies_tenant_updated_idx").on(t.tenantId, t.updatedAt, t.id),
    // Companies without a postcode go last either way: one index for each direction.
    index("client_companies_tenant_postcode_idx").on(t.tenantId, t.postcode, t.id),
    index("client_companies_tenant_postcode_desc_idx").on(t.tenantId, sql`${t.postcode} desc nulls last`, sql`${t.id} desc`),
    // The list's search (`%term%` on name, e-mail, registration number and postcode), by trigrams.
    index("client_companies_search_trgm_idx").using(
      "gin",
      t.name.op("gin_trgm_ops"),
      t.email.op("gin_trgm_ops"),
      t.registrationNumber.op("gin_trgm_ops"),
      t.postcode.op("gin_trgm_ops"),
    ),
  ],
);

/** An individual linked to a company: primary contact flag (at most one per company) and job title. */
export const companyIndividuals = pgTable(
  "company_individuals",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => clientCompanies.id, { onDelete: "cascade" }),
    individualId: integer("individual_id")
      .notNull()
      .references(() => individuals.id, { onDelete: "cascade" }),
    isPrimary: boolean("is_primary").notNull().default(false),
    jobTitleId: integer("job_title_id").references(() => jobTitles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("company_individuals_pair_unique").on(t.companyId, t.individualId),
    uniqueIndex("company_individuals_one_primary")
      .on(t.companyId)
      .where(sql`${t.isPrimary}`),
    index("company_individuals_tenant_individual_idx").on(t.tenantId, t.individualId),
    index("company_individuals_tenant_company_idx").on(t.tenantId, t.companyId),
  ],
);

/** A line of business a company holds (e.g. Employers' liability with an insurer, annual premium). */
export const companyLines = pgTable(
  "company_lines",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => clientCompanies.id, { onDelete: "cascade" }),
    lineType: text("line_type").notNull(),
    insurer: text("insurer"),
    /** Annual premium in pounds, 2 decimals. */
    premium: numeric("premium", { precision: 12, scale: 2 }).notNull().default("0"),
    renewalDate: date("renewal_date", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("company_lines_tenant_company_idx").on(t.tenantId, t.companyId, t.id)],
);

export const SPLIT_PARTY_TYPES = ["broker", "introducer", "network", "adviser"] as const;

/** How a line's commission is shared: a percentage per party; the shares of a line add up to 100 at most. */
export const companyLineSplits = pgTable(
  "company_line_splits",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    lineId: integer("line_id")
      .notNull()
      .references(() => companyLines.id, { onDelete: "cascade" }),
    party: text("party").notNull(),
    partyType: text("party_type", { enum: SPLIT_PARTY_TYPES }).notNull().default("broker"),
    percentage: numeric("percentage", { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    index("company_line_splits_line_idx").on(t.lineId),
    check("company_line_splits_percentage_range", sql`${t.percentage} > 0 and ${t.percentage} <= 100`),
  ],
);

export const RISK_RATINGS = ["low", "medium", "high"] as const;

/** Compliance information of a company (one row per company, created on first update). */
export const companyCompliance = pgTable("company_compliance", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => clientCompanies.id, { onDelete: "cascade" }),
  tenantId: integer("tenant_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  amlCheckedAt: date("aml_checked_at", { mode: "string" }),
  sanctionsCheckedAt: date("sanctions_checked_at", { mode: "string" }),
  riskRating: text("risk_rating", { enum: RISK_RATINGS }),
  politicallyExposed: boolean("politically_exposed").notNull().default(false),
  nextReviewAt: date("next_review_at", { mode: "string" }),
  notes: text("notes"),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const NOTABLE_TYPES = ["task", "individual", "company"] as const;

/** Plain-text notes on a task, an individual or a client company. */
export const notes = pgTable(
  "notes",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    notableType: text("notable_type", { enum: NOTABLE_TYPES }).notNull(),
    notableId: integer("notable_id").notNull(),
    body: text("body").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notes_tenant_notable_idx").on(t.tenantId, t.notableType, t.notableId, t.createdAt)],
);

export const EMAIL_RELATED_TYPES = ["task", "individual", "company"] as const;

/** A conversation of e-mails sent from the portal, optionally about a task, individual or company. */
export const emailThreads = pgTable(
  "email_threads",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    relatedType: text("related_type", { enum: EMAIL_RELATED_TYPES }),
    relatedId: integer("related_id"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_threads_tenant_related_idx").on(t.tenantId, t.relatedType, t.relatedId, t.lastMessageAt)],
);

export const emailMessages = pgTable(
  "email_messages",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    threadId: integer("thread_id")
      .notNull()
      .references(() => emailThreads.id, { onDelete: "cascade" }),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_messages_thread_idx").on(t.threadId, t.sentAt)],
);
