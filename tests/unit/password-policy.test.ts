import { describe, expect, it } from "vitest";
import { newPasswordProblem, PASSWORD_TOO_COMMON } from "#api/lib/password-policy";

describe("new password rules", () => {
  it.each([
    ["short", "Use at least 12 characters."],
    ["elevenchars", "Use at least 12 characters."],
    ["qwerty123456", PASSWORD_TOO_COMMON],
    ["1QAZ2WSX3EDC", PASSWORD_TOO_COMMON],
    ["x".repeat(201), "Use at most 200 characters."],
    ["tide-lantern-copper-91", null],
    ["demo-pass-2026", null],
  ])("%s → %s", (password, problem) => {
    expect(newPasswordProblem(password)).toBe(problem);
  });

  it("refuses the user's own e-mail address", () => {
    expect(newPasswordProblem("amelia.hart.longname@harbour.test", { email: "amelia.hart.longname@harbour.test" })).toMatch(/e-mail/);
    expect(newPasswordProblem("amelia.hart.longname", { email: "amelia.hart.longname@harbour.test" })).toMatch(/e-mail/);
  });
});
