import { describe, expect, it } from "vitest";
import { can } from "#app/access/permissions";

describe("the portal's permission check", () => {
  it.each([
    [["task_view"], ["task_view", "task_manage"], true],
    [["task_manage"], ["task_manage"], true],
    [["task_view"], ["task_manage"], false],
    [[], ["provider_manage"], false],
  ] as const)("held %j, asked any of %j → %s", (held, asked, expected) => {
    expect(can({ permissions: held }, ...asked)).toBe(expected);
  });

  it("takes only the contract's permission names", () => {
    // @ts-expect-error a misspelt permission does not compile
    expect(can({ permissions: ["task_manage"] }, "task_mange")).toBe(false);
  });
});
