import { describe, expect, it } from "vitest";
import { BADGE_CAP, badgeText, bellLabel } from "#app/lib/notification-badge";

describe("the bell's badge", () => {
  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, "1"],
    [9, "9"],
    [42, "42"],
    [98, "98"],
    [99, "99"],
    [100, "99+"],
    [101, "99+"],
    [12_345, "99+"],
  ])("%s unread → %s", (unread, expected) => {
    expect(badgeText(unread)).toBe(expected);
  });

  it("never shows a number above the cap of 99", () => {
    for (let n = 0; n < 500; n++) {
      const text = badgeText(n);
      if (text) expect(Number.parseInt(text, 10)).toBeLessThanOrEqual(BADGE_CAP);
    }
    expect(BADGE_CAP).toBe(99);
  });

  it("tells a screen reader the real number", () => {
    expect(bellLabel(0)).toBe("Notifications, none unread");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(99)).toBe("Notifications, 99 unread");
    expect(bellLabel(100)).toBe("Notifications, more than 99 unread");
  });
});
