import { describe, expect, it } from "vitest";
import { allPermissions, hasAnyPermission, isPermission, permissionCatalogue } from "#contract/permissions";

describe("any-of permission check", () => {
  it.each([
    [["task_view"], ["task_view", "task_manage"], true],
    [["task_manage"], ["task_view", "task_manage"], true],
    [["policy_view"], ["task_view", "task_manage"], false],
    [[], ["task_view"], false],
    [["task_view"], [], true],
  ])("held %j, asked %j → %s", (held, asked, expected) => {
    expect(hasAnyPermission(held, asked)).toBe(expected);
    expect(hasAnyPermission(new Set(held), asked)).toBe(expected);
  });
});

describe("permission catalogue", () => {
  it("holds every permission the spec names", () => {
    for (const name of [
      "account_settings_view",
      "benefit_view_reports",
      "company_profile_edit",
      "document_delete",
      "contact_create",
      "individual_create",
      "news_create",
      "payment_manage",
      "pipeline_access",
      "policy_manage",
      "product_request",
      "reward_delete",
      "role_create",
      "task_manage",
      "team_create",
      "integration_view",
      "quote_delete",
      "invoice_delete",
      "terminal_request",
      "xero_invoices_manage",
      "off_platform_policy_delete",
      "document_template_manage",
      "team_events_view",
      "events_view",
      "provider_manage",
    ]) {
      expect(isPermission(name), name).toBe(true);
    }
  });

  it("names each permission once, in one group", () => {
    expect(new Set(allPermissions).size).toBe(allPermissions.length);
    expect(Object.values(permissionCatalogue).every((g) => g.length > 0)).toBe(true);
  });
});
