/**
 * Every named permission of the product, by permission group. Roles hold permissions; a user's
 * permissions are collected from all of their roles. The API seeds exactly this catalogue.
 */
export const permissionCatalogue = {
  "Account settings": ["account_settings_view", "account_settings_manage"],
  Benefits: ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"],
  Companies: ["company_view", "company_create", "company_manage"],
  "Company profile": ["company_profile_view", "company_profile_edit", "company_profile_manage"],
  Documents: ["document_delete", "document_manage"],
  "Compliance and verification": ["compliance_verification_manage"],
  Contacts: ["contact_create", "contact_view"],
  Individuals: ["individual_view", "individual_create", "individual_manage"],
  Marketing: ["marketing_campaign_create"],
  News: ["news_view", "news_create", "news_manage"],
  Payments: ["payment_view", "payment_manage"],
  Pipelines: ["pipeline_view", "pipeline_access", "pipeline_manage", "pipeline_targets_view"],
  Policies: ["policy_view", "policy_manage"],
  "Off-platform policies": ["off_platform_policy_view", "off_platform_policy_manage", "off_platform_policy_delete"],
  Products: ["product_view", "product_create", "product_delete", "product_request", "product_manage"],
  Rewards: ["reward_create", "reward_delete", "reward_view"],
  "Loyalty and rewards": ["loyalty_rewards_view"],
  Roles: ["role_view", "role_create", "role_manage"],
  Tasks: ["task_view", "task_manage"],
  Teams: ["team_view", "team_create", "team_manage", "team_targets_view"],
  Integrations: ["integration_view"],
  Quotes: ["quote_view", "quote_manage", "quote_delete"],
  Invoices: ["invoice_view", "invoice_manage", "invoice_delete"],
  "Accounting invoices": ["xero_invoices_view", "xero_invoices_manage"],
  Terminals: ["terminal_view", "terminal_manage", "terminal_request"],
  "Document templates": ["document_template_view", "document_template_manage"],
  Calendar: ["events_view", "team_events_view", "events_manage"],
  Providers: ["provider_manage"],
} as const;

type Catalogue = typeof permissionCatalogue;
export type Permission = Catalogue[keyof Catalogue][number];

export const allPermissions: readonly Permission[] = Object.values(permissionCatalogue).flat();

export function isPermission(name: string): name is Permission {
  return (allPermissions as readonly string[]).includes(name);
}

/**
 * The any-of check of the spec: true when the user holds at least one of the asked permissions.
 * An empty list asks for nothing and is always satisfied.
 */
export function hasAnyPermission(held: Iterable<string>, asked: readonly string[]): boolean {
  if (asked.length === 0) return true;
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return asked.some((p) => set.has(p));
}

const ACTIONS: Record<string, string> = {
  view_reports: "View reports of",
  targets_view: "View targets of",
  view: "View",
  create: "Create",
  delete: "Delete",
  manage: "Manage",
  edit: "Edit",
  access: "Access",
  request: "Request",
};

/** What a permission is about, in words (plural where it names things). */
const SUBJECTS: Record<string, string> = {
  account_settings: "account settings",
  benefit: "benefits",
  company: "companies",
  company_profile: "the company profile",
  document: "documents",
  compliance_verification: "compliance and verification",
  contact: "contacts",
  individual: "individuals",
  marketing_campaign: "marketing campaigns",
  news: "news",
  payment: "payments",
  pipeline: "pipelines",
  policy: "policies",
  off_platform_policy: "off-platform policies",
  product: "products",
  reward: "rewards",
  loyalty_rewards: "loyalty and rewards",
  role: "roles",
  task: "tasks",
  team: "teams",
  integration: "integrations",
  quote: "quotes",
  invoice: "invoices",
  xero_invoices: "accounting invoices",
  terminal: "terminals",
  document_template: "document templates",
  events: "calendar events",
  team_events: "the team's calendar events",
  provider: "providers",
};

/** Names that read better said another way than the rule gives. */
const LABELS: Partial<Record<Permission, string>> = {
  pipeline_access: "Work in pipelines",
  pipeline_targets_view: "View pipeline targets",
  team_targets_view: "View team targets",
  benefit_view_reports: "View benefit reports",
  product_request: "Request products",
  terminal_request: "Request terminals",
};

/**
 * A permission's name for people ("View tasks", "Manage off-platform policies"), where its machine key
 * ("task_view") is for code. Unknown keys come back as words, never as the key.
 */
export function permissionLabel(name: string): string {
  const known = LABELS[name as Permission];
  if (known) return known;
  const action = Object.keys(ACTIONS).find((a) => name.endsWith(`_${a}`));
  if (action) {
    const subject = name.slice(0, -action.length - 1);
    return `${ACTIONS[action]} ${SUBJECTS[subject] ?? subject.replace(/_/g, " ")}`;
  }
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The permission group a permission belongs to (contract's catalogue), or null. */
export function permissionGroupOf(name: string): string | null {
  for (const [group, names] of Object.entries(permissionCatalogue)) if ((names as readonly string[]).includes(name)) return group;
  return null;
}
