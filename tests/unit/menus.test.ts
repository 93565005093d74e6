import { describe, expect, it } from "vitest";
import { isActiveLink, menus, visibleMenu, type Menu } from "#app/access/menus";
import { allPermissions } from "#contract/permissions";
import { ADVISER_PERMISSIONS, OWNER_PERMISSIONS } from "#api/db/seed";

function labels(menu: Menu) {
  return [...menu.top.map((l) => l.label), ...menu.items.flatMap((i) => (i.kind === "group" ? [i.label, ...i.children.map((c) => c.label)] : [i.label]))];
}

describe("flightDeck menu", () => {
  it("shows every entry to a parent tenant holding every permission, without Flightplan", () => {
    const menu = visibleMenu("flightdeck", { permissions: [...allPermissions], edition: "flightdeck", isParentTenant: true });
    expect(labels(menu)).toEqual([
      "Company profile",
      "Membership",
      "Teams",
      "Roles & permissions",
      "Dashboard",
      "Marketplace",
      "Find Products",
      "My products",
      "Providers",
      "Data centre",
      "Data playpen",
      "Data completeness score",
      "Market valuation",
      "Integration",
      "Ad hoc quotes and invoices",
      "Quotes",
      "Invoices",
      "Your secure DATA",
      "CRM",
      "Tasks",
      "Pipelines",
      "Individuals contacts",
      "Company contacts",
      "Document templates",
      "Workflow management",
      "Underwriting portal",
      "Offshore bonds",
      "Client accounts",
      "Policy management",
      "Online Policies",
      "Offline Policies",
    ]);
  });

  it("shows Flightplan and hides Providers for a tenant that is not a parent", () => {
    const l = labels(visibleMenu("flightdeck", { permissions: [...ADVISER_PERMISSIONS], edition: "flightdeck", isParentTenant: false }));
    expect(l).toContain("Flightplan");
    expect(l).not.toContain("Providers");
    expect(l).not.toContain("Roles & permissions");
    expect(l).toContain("Tasks");
  });

  it("drops entries whose permissions the user lacks, and groups left empty", () => {
    const l = labels(visibleMenu("flightdeck", { permissions: ["task_view"], edition: "flightdeck", isParentTenant: true }));
    expect(l).toEqual([
      "Dashboard",
      "Data centre",
      "Data completeness score",
      "Integration",
      "Your secure DATA",
      "CRM",
      "Tasks",
      "Workflow management",
      "Underwriting portal",
    ]);
  });
});

describe("smallBusiness menu", () => {
  it("shows its own entries and labels to the demo Owner", () => {
    const menu = visibleMenu("smallbusiness", { permissions: OWNER_PERMISSIONS, edition: "smallbusiness", isParentTenant: false });
    expect(labels(menu)).toEqual([
      "Home",
      "Benefits",
      "Your calendar",
      "Customers",
      "Opportunities",
      "Pipelines",
      "Individual customers",
      "Company customers",
      "Document templates",
      "Automations",
      "Quotes and invoices",
      "Quotes",
      "Invoices",
      "Low-cost payments",
      "Connect",
      "Terminal orders",
      "Terminal app",
      "Customer transactions",
      "Payments",
      "Settings",
      "Account settings",
      "Teams",
    ]);
  });

  it("gives the demo Owner every permission the smallBusiness menu asks for", () => {
    const full = labels(visibleMenu("smallbusiness", { permissions: [...allPermissions], edition: "smallbusiness", isParentTenant: false }));
    const owner = labels(visibleMenu("smallbusiness", { permissions: OWNER_PERMISSIONS, edition: "smallbusiness", isParentTenant: false }));
    expect(owner).toEqual(full);
  });

  it("keeps Roles & permissions in the menu data even though the route is flightDeck only", () => {
    const settings = menus.smallbusiness.items.find((i) => i.kind === "group" && i.label === "Settings");
    expect(settings && settings.kind === "group" && settings.children.map((c) => c.label)).toContain("Roles & permissions");
  });
});

describe("active menu entry", () => {
  it.each([
    ["/tasks", "/tasks", true],
    ["/tasks", "/tasks/12", true],
    ["/tasks", "/tasksx", false],
    ["/pipelines", "/pipeline/4", true],
    ["/benefits", "/smart-savings", false],
    ["/benefits", "/benefits/expenses-management", true],
    ["/dashboard", "/tasks", false],
    ["/companies", "/company/12", true],
    ["/company", "/company/12/compliance-information", false],
    ["/company", "/company", true],
    ["/individuals", "/individual/7", true],
  ])("%s on %s → %s", (to, path, active) => {
    expect(isActiveLink(to, path)).toBe(active);
  });
});
