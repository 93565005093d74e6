/**
 * The sort fields of each list, apart from the zod schemas of the same areas: a list page reads them in the
 * browser too (its column headers), and a page's JavaScript must not carry zod (tests/e2e/bundle.spec.ts).
 */

/** The fields the roles list sorts by (`sort`, a leading '-' for descending). */
export const ROLE_SORTS = ["name", "created_at", "users_count"] as const;

/** Sort fields ('-' for descending). Defaults: individuals and companies by name. */
export const INDIVIDUAL_SORTS = ["full_name", "first_name", "last_name", "email", "created_at", "updated_at"] as const;

export const COMPANY_SORTS = ["name", "created_at", "updated_at", "postcode"] as const;

/** Sort fields of GET /providers ('-' prefix for descending); default name ascending. */
export const PROVIDER_SORTS = ["name", "nominal_code", "created_at"] as const;

/** Sort fields of GET /pipelines; default name ascending. */
export const PIPELINE_SORTS = ["name", "created_at", "updated_at", "status"] as const;

export const TEAM_SORTS = ["name", "created_at", "members_count"] as const;

export const TEAM_MEMBER_SORTS = ["name", "email", "role", "created_at"] as const;

/** Sort fields of the lists ('-' for descending); default newest first (-created_at). */
export const DOCUMENT_SORTS = ["number", "created_at", "issue_date", "due_date", "total", "status", "client"] as const;

/** Sort fields of GET /payment ('-' for descending); default newest first (-created_at). */
export const PAYMENT_SORTS = ["created_at", "amount", "status", "client"] as const;
/** Sort fields of GET /xero-quotes and /xero-invoices ('-' for descending); default newest first. */
export const ACCOUNTING_DOCUMENT_SORTS = ["number", "created_at", "issue_date", "due_date", "total", "status", "client"] as const;

/** Sort fields of GET /workflow; default name ascending. */
export const WORKFLOW_SORTS = ["name", "created_at", "status"] as const;

/** Sort fields of GET /document-templates; default name ascending. */
export const DOCUMENT_TEMPLATE_SORTS = ["name", "created_at"] as const;

/** The records a document template can be used on (read by its "use" drawer in the browser too). */
export const RECORD_TYPES = ["task", "individual", "company", "policy", "quote", "invoice"] as const;
