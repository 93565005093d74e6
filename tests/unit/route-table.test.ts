import { describe, expect, it } from "vitest";
import { checkAccess, matchPattern, matchRoute, routeTable, titleIn } from "#contract/portal-routes";

const fd = "flightdeck";
const sb = "smallbusiness";

// Every route of the spec's route tables: an example path, the pattern it must match, the any-of
// permissions (null: no guard) and the edition limit.
const spec: [string, string, string[] | null, string | undefined][] = [
  ["/flightplan", "/flightplan", null, undefined],
  ["/flightplan/kyb", "/flightplan/kyb", null, undefined],
  ["/flightplan/sign-contract", "/flightplan/sign-contract", null, undefined],
  ["/dashboard", "/dashboard", null, undefined],
  ["/integration", "/integration", null, undefined],
  ["/workflows", "/workflows", null, undefined],
  ["/workflows/create", "/workflows/create", null, undefined],
  ["/workflows/42", "/workflows/:workflowId", null, undefined],
  ["/datatable-showcase", "/datatable-showcase", null, undefined],
  ["/data-completeness-score", "/data-completeness-score", null, undefined],
  ["/offshore-application-success", "/offshore-application-success", null, undefined],
  ["/team", "/team", ["team_view", "team_create", "team_manage"], undefined],
  ["/individuals", "/individuals", ["individual_manage", "individual_view"], undefined],
  ["/individual/7", "/individual/:id", ["individual_manage", "individual_view"], undefined],
  ["/roles", "/roles", ["role_view", "role_manage"], fd],
  ["/role-permissions", "/role-permissions", ["role_view", "role_manage"], fd],
  ["/role-permissions/3", "/role-permissions/:id", ["role_view", "role_manage"], fd],
  [
    "/companies",
    "/companies",
    ["company_view", "company_create", "company_manage", "company_profile_edit", "company_profile_view", "company_profile_manage"],
    undefined,
  ],
  [
    "/company/9",
    "/company/:id",
    ["company_view", "company_create", "company_manage", "company_profile_edit", "company_profile_view", "company_profile_manage"],
    undefined,
  ],
  [
    "/company/9/compliance-information",
    "/company/:id/compliance-information",
    ["company_view", "company_create", "company_manage", "company_profile_edit", "company_profile_view", "company_profile_manage"],
    undefined,
  ],
  ["/company", "/company", ["company_view", "company_create", "company_manage", "company_profile_edit", "company_profile_view", "company_profile_manage"], fd],
  ["/market-news", "/market-news", ["news_view", "news_manage"], fd],
  ["/market-news/5", "/market-news/:id", ["news_view", "news_manage"], fd],
  ["/market-news-list", "/market-news-list", ["news_view", "news_manage"], fd],
  ["/request-illustration/1", "/request-illustration/:id", ["product_view", "product_manage"], fd],
  ["/offshore-application-entrypoint/1", "/offshore-application-entrypoint/:id", ["product_view", "product_manage"], fd],
  ["/offshore-application-entrytype/1", "/offshore-application-entrytype/:id", ["product_view", "product_manage"], fd],
  ["/offshore-application-steps/1/joint", "/offshore-application-steps/:id/:type", ["product_view", "product_manage"], fd],
  ["/find-products", "/find-products", ["product_view", "product_manage"], undefined],
  ["/products", "/products", ["product_view", "product_manage"], undefined],
  ["/products/12", "/products/:id", ["product_view", "product_manage"], undefined],
  ["/compare-products", "/compare-products", ["product_view", "product_manage"], undefined],
  ["/providers", "/providers", ["provider_manage"], undefined],
  ["/my-products", "/my-products", ["product_view", "product_manage"], fd],
  ["/create-product-form", "/create-product-form/:id?", ["product_manage"], fd],
  ["/create-product-form/4", "/create-product-form/:id?", ["product_manage"], fd],
  ["/benefits", "/benefits", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/benefits/expenses-management", "/benefits/expenses-management", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/smart-savings", "/smart-savings", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/life-cover", "/life-cover", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/advice-line", "/advice-line", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/personal-health-and-wellbeing", "/personal-health-and-wellbeing", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/legal-employee-protection", "/legal-employee-protection", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/loyalty-and-rewards", "/loyalty-and-rewards", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/managing-your-customers", "/managing-your-customers", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/low-cost-payments", "/low-cost-payments", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/business-funding", "/business-funding", ["benefit_view", "benefit_create", "benefit_delete", "benefit_view_reports"], sb],
  ["/flightdeck-passport", "/flightdeck-passport", ["product_view", "product_manage"], fd],
  ["/market-valuation", "/market-valuation", ["product_view", "product_manage"], fd],
  ["/data-playpen", "/data-playpen", ["product_view", "product_manage"], fd],
  ["/quotes", "/quotes", ["quote_view", "quote_manage"], undefined],
  ["/quotes/8", "/quotes/:id", ["quote_view"], undefined],
  ["/simple-quotes/8/summary", "/simple-quotes/:id/summary", ["quote_view"], undefined],
  ["/invoices", "/invoices", ["invoice_view", "invoice_manage", "xero_invoices_view", "xero_invoices_manage"], undefined],
  ["/invoices/8", "/invoices/:id", ["invoice_view", "xero_invoices_view"], undefined],
  ["/simple-invoices/8/summary", "/simple-invoices/:id/summary", ["invoice_view"], undefined],
  ["/xero-invoices/8/summary", "/xero-invoices/:id/summary", ["xero_invoices_view"], undefined],
  ["/account-settings", "/account-settings", ["account_settings_view", "account_settings_manage"], undefined],
  ["/stripe-connect", "/stripe-connect", ["terminal_view", "terminal_manage", "terminal_request"], sb],
  ["/terminal-orders", "/terminal-orders", ["terminal_view", "terminal_manage", "terminal_request"], sb],
  ["/terminal-app", "/terminal-app", ["terminal_view", "terminal_manage", "terminal_request"], sb],
  ["/bdx-import", "/bdx-import", ["policy_view", "policy_manage"], undefined],
  ["/policies", "/policies", ["policy_view", "policy_manage"], undefined],
  ["/policies/55", "/policies/:id", ["policy_view", "policy_manage"], undefined],
  ["/offshore-client-accounts", "/offshore-client-accounts", ["product_view", "product_request", "product_create", "product_delete"], undefined],
  ["/off-platform-policies", "/off-platform-policies", ["off_platform_policy_view"], undefined],
  ["/off-platform-policies/3", "/off-platform-policies/:policyId", ["off_platform_policy_view"], undefined],
  ["/tasks", "/tasks", ["task_view", "task_manage"], undefined],
  ["/tasks/101", "/tasks/:taskId", ["task_view", "task_manage"], undefined],
  ["/pipelines", "/pipelines", ["pipeline_access", "pipeline_manage", "pipeline_view"], undefined],
  ["/pipeline/2", "/pipeline/:id", ["pipeline_access", "pipeline_manage", "pipeline_view"], undefined],
  ["/transactions", "/transactions", ["payment_view", "payment_manage"], sb],
  ["/transactions/9", "/transactions/:id", ["payment_view", "payment_manage"], sb],
  ["/calendar", "/calendar", ["events_view", "team_events_view"], undefined],
  ["/document-templates", "/document-templates", ["document_template_view", "document_template_manage"], undefined],
];

describe("route table", () => {
  it.each(spec)("%s is guarded as the spec says", (path, pattern, permissions, variant) => {
    const match = matchRoute(path);
    expect(match?.rule.pattern).toBe(pattern);
    expect(match?.rule.permissions ? [...match.rule.permissions].sort() : null).toEqual(permissions ? [...permissions].sort() : null);
    expect(match?.rule.variant).toBe(variant);
  });

  it("covers the spec and nothing else", () => {
    expect(new Set(spec.map((s) => s[1]))).toEqual(new Set(routeTable.map((r) => r.pattern)));
  });

  it("sends only parent tenants to Providers", () => {
    expect(matchRoute("/providers")?.rule.parentTenantOnly).toBe(true);
    expect(routeTable.filter((r) => r.parentTenantOnly).map((r) => r.pattern)).toEqual(["/providers"]);
  });

  it.each(["/no-such-page", "/tasks/1/extra", "/company/1/unknown", "/create-product-form/1/2", ""])("%s matches nothing", (path) => {
    expect(matchRoute(path || "/")).toBeNull();
  });

  it("reads parameters", () => {
    expect(matchPattern("/offshore-application-steps/:id/:type", "/offshore-application-steps/12/joint")).toEqual({ id: "12", type: "joint" });
    expect(matchPattern("/create-product-form/:id?", "/create-product-form")).toEqual({});
    expect(matchRoute("/company/5")?.params).toEqual({ id: "5" });
    expect(matchRoute("/company")?.rule.pattern).toBe("/company");
  });
});

describe("guard rule", () => {
  const who = (permissions: string[], edition: "flightdeck" | "smallbusiness" = "flightdeck", isParentTenant = false) => ({
    permissions,
    edition,
    isParentTenant,
  });
  const rule = (path: string) => matchRoute(path)!.rule;

  it.each([
    ["/tasks", who(["task_view"]), "ok"],
    ["/tasks", who(["policy_view"]), "permission"],
    ["/dashboard", who([]), "ok"],
    ["/roles", who(["role_view"], "smallbusiness"), "variant"],
    ["/roles", who(["role_manage"]), "ok"],
    ["/benefits", who(["benefit_view"]), "variant"],
    ["/benefits", who(["benefit_view"], "smallbusiness"), "ok"],
    ["/providers", who(["provider_manage"]), "parent-tenant"],
    ["/providers", who(["provider_manage"], "flightdeck", true), "ok"],
    ["/providers", who(["task_view"], "flightdeck", true), "permission"],
  ] as const)("%s for %j → %s", (path, subject, expected) => {
    expect(checkAccess(rule(path), subject)).toBe(expected);
  });
});

describe("titles by edition", () => {
  it("workflows are automations in smallBusiness, as its menu says", () => {
    const title = (path: string, edition: "flightdeck" | "smallbusiness") => titleIn(matchRoute(path)!.rule, edition);
    expect([title("/workflows", "flightdeck"), title("/workflows/create", "flightdeck"), title("/workflows/7", "flightdeck")]).toEqual([
      "Workflow management",
      "New workflow",
      "Workflow",
    ]);
    expect([title("/workflows", "smallbusiness"), title("/workflows/create", "smallbusiness"), title("/workflows/7", "smallbusiness")]).toEqual([
      "Automations",
      "New automation",
      "Automation",
    ]);
    expect(title("/dashboard", "smallbusiness")).toBe("Home");
  });
});
