import { describe, expect, it } from "vitest";
import { companySwitcher, profileHref, safeReturnPath } from "#app/access/account-menu";
import { allPermissions } from "#contract/permissions";
import { ADVISER_PERMISSIONS, OWNER_PERMISSIONS } from "#api/db/seed";

const labels = (s: ReturnType<typeof companySwitcher>) => s.items.map((i) => i.label);

describe("the company switcher of the account menu", () => {
  it("flightDeck, every permission: all four company pages under 'Company account'", () => {
    const s = companySwitcher("flightdeck", "Harbour Brokers", { permissions: [...allPermissions], edition: "flightdeck", isParentTenant: true });
    expect(s.heading).toBe("Company account");
    expect(s.companyName).toBe("Harbour Brokers");
    expect(s.items).toEqual([
      { label: "Company profile", to: "/company" },
      { label: "Membership", to: "/flightdeck-passport" },
      { label: "Teams", to: "/team" },
      { label: "Roles & permissions", to: "/roles" },
    ]);
  });

  it("shows each page only to users whose route-table check passes", () => {
    const fd = (permissions: string[]) => labels(companySwitcher("flightdeck", "X", { permissions, edition: "flightdeck", isParentTenant: false }));
    expect(fd(["task_view"])).toEqual([]);
    expect(fd(["company_profile_view"])).toEqual(["Company profile"]);
    expect(fd(["product_view"])).toEqual(["Membership"]);
    expect(fd(["team_view"])).toEqual(["Teams"]);
    expect(fd(["role_view"])).toEqual(["Roles & permissions"]);
    expect(fd([...ADVISER_PERMISSIONS])).toEqual(["Company profile", "Membership"]);
  });

  it("smallBusiness: no 'Company account' heading, and the flightDeck-only pages never show", () => {
    const s = companySwitcher("smallbusiness", "Bloom Bakery Ltd", { permissions: [...OWNER_PERMISSIONS], edition: "smallbusiness", isParentTenant: false });
    expect(s.heading).toBeNull();
    expect(s.companyName).toBe("Bloom Bakery Ltd");
    expect(labels(s)).toEqual(["Teams"]);
    const all = companySwitcher("smallbusiness", "B", { permissions: [...allPermissions], edition: "smallbusiness", isParentTenant: false });
    expect(labels(all)).toEqual(["Teams"]);
  });
});

describe("'Personal profile' and return paths", () => {
  it.each([
    ["/dashboard", "/profile?from=%2Fdashboard"],
    ["/providers?page=2&sort=-name", "/profile?from=%2Fproviders%3Fpage%3D2%26sort%3D-name"],
    ["/profile", "/profile"],
    ["//evil.example", "/profile"],
  ])("from %s opens %s", (current, expected) => {
    expect(profileHref(current)).toBe(expected);
  });

  it.each([
    ["/dashboard", "/dashboard"],
    ["/tasks?x=1#y", "/tasks?x=1#y"],
    ["//evil.example/", null],
    ["/\\evil.example", null],
    ["https://evil.example/", null],
    ["javascript:alert(1)", null],
    ["dashboard", null],
    ["", null],
    [null, null],
    [`/${"a".repeat(600)}`, null],
  ])("safeReturnPath(%j) → %j", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});
