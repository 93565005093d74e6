import type { Permission } from "./permissions";

/** The two editions of the product. */
export type Variant = "flightdeck" | "smallbusiness";

/**
 * The portal's route table, shared because the API's seed links its notifications only to screens the user may open.
 *
 * One entry per screen of the signed-in portal. `permissions` null means the route has no permission
 * guard; otherwise the user needs any one of them. `variant` limits a route to one edition;
 * `parentTenantOnly` sends a non-parent tenant to /dashboard.
 */
export interface RouteRule {
  pattern: string;
  title: string;
  permissions: readonly Permission[] | null;
  variant?: Variant;
  parentTenantOnly?: boolean;
  /** A line shown on the page (e.g. a confirmation screen). */
  message?: string;
  /** The title in smallBusiness where it says it differently (workflows are automations there). */
  smallBusinessTitle?: string;
}

/** A route's title in an edition. */
export const titleIn = (rule: RouteRule, edition: Variant) => (edition === "smallbusiness" && rule.smallBusinessTitle) || rule.title;

const TEAM = ["team_view", "team_create", "team_manage"] as const;
const INDIVIDUALS = ["individual_manage", "individual_view"] as const;
const ROLES = ["role_view", "role_manage"] as const;
const COMPANIES = ["company_view", "company_create", "company_manage", "company_profile_edit", "company_profile_view", "company_profile_manage"] as const;
const NEWS = ["news_view", "news_manage"] as const;
const PRODUCTS = ["product_view", "product_manage"] as const;
const BENEFITS = ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"] as const;
/** The spec does not show the set shared by passport, market valuation and data playpen; these are the product permissions. */
export const FLIGHTDECK_SHARED = ["product_view", "product_manage"] as const;
const QUOTES = ["quote_view", "quote_manage"] as const;
const INVOICES = ["invoice_view", "invoice_manage", "xero_invoices_view", "xero_invoices_manage"] as const;
const SETTINGS = ["account_settings_view", "account_settings_manage"] as const;
const TERMINALS = ["terminal_view", "terminal_manage", "terminal_request"] as const;
const POLICIES = ["policy_view", "policy_manage"] as const;
const OFFSHORE = ["product_view", "product_request", "product_create", "product_delete"] as const;
const TASKS = ["task_view", "task_manage"] as const;
const PIPELINES = ["pipeline_access", "pipeline_manage", "pipeline_view"] as const;
const PAYMENTS = ["payment_view", "payment_manage"] as const;
const CALENDAR = ["events_view", "team_events_view"] as const;
const TEMPLATES = ["document_template_view", "document_template_manage"] as const;

const open = (pattern: string, title: string, message?: string): RouteRule => ({ pattern, title, permissions: null, message });
const guarded = (pattern: string, title: string, permissions: readonly Permission[], more: Partial<RouteRule> = {}): RouteRule => ({
  pattern,
  title,
  permissions,
  ...more,
});
const fd = { variant: "flightdeck" } as const;
const sb = { variant: "smallbusiness" } as const;

export const routeTable: readonly RouteRule[] = [
  // Routes without a permission guard
  open("/flightplan", "Flightplan"),
  open("/flightplan/kyb", "Business verification"),
  open("/flightplan/sign-contract", "Sign contract"),
  { ...open("/dashboard", "Dashboard"), smallBusinessTitle: "Home" },
  open("/integration", "Integration"),
  { ...open("/workflows", "Workflow management"), smallBusinessTitle: "Automations" },
  { ...open("/workflows/create", "New workflow"), smallBusinessTitle: "New automation" },
  { ...open("/workflows/:workflowId", "Workflow"), smallBusinessTitle: "Automation" },
  open("/datatable-showcase", "Data table showcase"),
  open("/data-completeness-score", "Data completeness score"),
  open("/offshore-application-success", "Offshore application", "The offshore application has been submitted successfully."),

  // Permission-guarded routes
  guarded("/team", "Teams", TEAM),
  guarded("/individuals", "Individuals", INDIVIDUALS),
  guarded("/individual/:id", "Individual", INDIVIDUALS),
  guarded("/roles", "Roles & permissions", ROLES, fd),
  guarded("/role-permissions", "Role permissions", ROLES, fd),
  guarded("/role-permissions/:id", "Role permissions", ROLES, fd),
  guarded("/companies", "Companies", COMPANIES),
  guarded("/company/:id", "Company", COMPANIES),
  guarded("/company/:id/compliance-information", "Compliance information", COMPANIES),
  guarded("/company", "Company profile", COMPANIES, fd),
  guarded("/market-news", "Market news", NEWS, fd),
  guarded("/market-news/:id", "Market news", NEWS, fd),
  guarded("/market-news-list", "Market news", NEWS, fd),
  guarded("/request-illustration/:id", "Request illustration", PRODUCTS, fd),
  guarded("/offshore-application-entrypoint/:id", "Offshore application", PRODUCTS, fd),
  guarded("/offshore-application-entrytype/:id", "Offshore application", PRODUCTS, fd),
  guarded("/offshore-application-steps/:id/:type", "Offshore application", PRODUCTS, fd),
  guarded("/find-products", "Find products", PRODUCTS),
  guarded("/products", "Products", PRODUCTS),
  guarded("/products/:id", "Product", PRODUCTS),
  guarded("/compare-products", "Compare products", PRODUCTS),
  guarded("/providers", "Providers", ["provider_manage"], { parentTenantOnly: true }),
  guarded("/my-products", "My products", PRODUCTS, fd),
  guarded("/create-product-form/:id?", "Create product", ["product_manage"], fd),
  guarded("/benefits", "Benefits", BENEFITS, sb),
  guarded("/benefits/expenses-management", "Expenses management", BENEFITS, sb),
  guarded("/smart-savings", "Smart savings", BENEFITS, sb),
  guarded("/life-cover", "Life cover", BENEFITS, sb),
  guarded("/advice-line", "Advice line", BENEFITS, sb),
  guarded("/personal-health-and-wellbeing", "Personal health and wellbeing", BENEFITS, sb),
  guarded("/legal-employee-protection", "Legal employee protection", BENEFITS, sb),
  guarded("/loyalty-and-rewards", "Loyalty and rewards", BENEFITS, sb),
  guarded("/managing-your-customers", "Managing your customers", BENEFITS, sb),
  guarded("/low-cost-payments", "Low-cost payments", BENEFITS, sb),
  guarded("/business-funding", "Business funding", BENEFITS, sb),
  guarded("/flightdeck-passport", "Membership", FLIGHTDECK_SHARED, fd),
  guarded("/market-valuation", "Market valuation", FLIGHTDECK_SHARED, fd),
  guarded("/data-playpen", "Data playpen", FLIGHTDECK_SHARED, fd),
  guarded("/quotes", "Quotes", QUOTES),
  guarded("/quotes/:id", "Quote", ["quote_view"]),
  guarded("/simple-quotes/:id/summary", "Quote summary", ["quote_view"]),
  guarded("/invoices", "Invoices", INVOICES),
  guarded("/invoices/:id", "Invoice", ["invoice_view", "xero_invoices_view"]),
  guarded("/simple-invoices/:id/summary", "Invoice summary", ["invoice_view"]),
  guarded("/xero-invoices/:id/summary", "Invoice summary", ["xero_invoices_view"]),
  guarded("/account-settings", "Account settings", SETTINGS),
  guarded("/stripe-connect", "Connect", TERMINALS, sb),
  guarded("/terminal-orders", "Terminal orders", TERMINALS, sb),
  guarded("/terminal-app", "Terminal app", TERMINALS, sb),
  guarded("/bdx-import", "Bulk data import", POLICIES),
  guarded("/policies", "Policies", POLICIES),
  guarded("/policies/:id", "Policy", POLICIES),
  guarded("/offshore-client-accounts", "Client accounts", OFFSHORE),
  guarded("/off-platform-policies", "Off-platform policies", ["off_platform_policy_view"]),
  guarded("/off-platform-policies/:policyId", "Off-platform policy", ["off_platform_policy_view"]),
  guarded("/tasks", "Tasks", TASKS),
  guarded("/tasks/:taskId", "Task", TASKS),
  guarded("/pipelines", "Pipelines", PIPELINES),
  guarded("/pipeline/:id", "Pipeline", PIPELINES),
  guarded("/transactions", "Payments", PAYMENTS, sb),
  guarded("/transactions/:id", "Payment", PAYMENTS, sb),
  guarded("/calendar", "Calendar", CALENDAR),
  guarded("/document-templates", "Document templates", TEMPLATES),
];

export interface RouteMatch {
  rule: RouteRule;
  params: Record<string, string>;
}

/** Matches a path against one pattern: `:name` is a segment, `:name?` an optional last segment. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    const w = want[i];
    const g = got[i];
    if (w === undefined) return null;
    const optional = w.endsWith("?");
    if (g === undefined) {
      if (optional && i === want.length - 1) return params;
      return null;
    }
    if (w.startsWith(":")) {
      params[w.slice(1).replace(/\?$/, "")] = decodeURIComponent(g);
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** The route-table entry for a path (static entries win over ones with parameters), or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  let best: RouteMatch | null = null;
  let bestScore = -1;
  for (const rule of routeTable) {
    const params = matchPattern(rule.pattern, pathname);
    if (!params) continue;
    const score = rule.pattern.split("/").filter((s) => s && !s.startsWith(":")).length;
    if (score > bestScore) {
      best = { rule, params };
      bestScore = score;
    }
  }
  return best;
}

export function ruleFor(pattern: string): RouteRule {
  const rule = routeTable.find((r) => r.pattern === pattern);
  if (!rule) throw new Error(`No route rule for ${pattern}`);
  return rule;
}

export interface AccessSubject {
  permissions: readonly string[];
  edition: Variant;
  isParentTenant: boolean;
}

/** Whether the user may open the route of `pattern` (its guard rule says ok). */
export const mayOpen = (pattern: string, who: AccessSubject) => checkAccess(ruleFor(pattern), who) === "ok";

/** The guard rule: ok, or why not (every refusal sends the user to /dashboard). */
export function checkAccess(rule: RouteRule, who: AccessSubject): "ok" | "permission" | "variant" | "parent-tenant" {
  if (rule.variant && rule.variant !== who.edition) return "variant";
  if (rule.parentTenantOnly && !who.isParentTenant) return "parent-tenant";
  if (rule.permissions && !rule.permissions.some((p) => who.permissions.includes(p))) return "permission";
  return "ok";
}
