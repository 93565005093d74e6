import { describe, expect, it } from "vitest";
import { isIdText, MAX_ID } from "#common/ids";
import { parseStageOrder } from "#app/lib/stage-order";

describe("isIdText", () => {
  it("takes a positive whole number written plainly, up to the largest id", () => {
    for (const text of ["1", "42", "1000000", String(MAX_ID)]) expect(isIdText(text), text).toBe(true);
  });

  it("refuses anything else: zero, a leading zero, signs, other notations, spaces, too large, not text", () => {
    for (const text of ["", "0", "007", "-1", "+1", "1e3", "0x10", "1.0", " 1", "1 ", "١", String(MAX_ID + 1), "99999999999", "abc"]) {
      expect(isIdText(text), JSON.stringify(text)).toBe(false);
    }
    for (const value of [undefined, null, 12, ["1"]]) expect(isIdText(value), String(value)).toBe(false);
  });
});

describe("parseStageOrder reads stage ids by the same rule", () => {
  it("takes distinct ids, refuses a repeated id or one that is not an id", () => {
    expect(parseStageOrder(["3", "1", "2"])).toEqual([3, 1, 2]);
    expect(parseStageOrder(["3", "3"])).toBeNull();
    expect(parseStageOrder(["3", String(MAX_ID + 1)])).toBeNull();
    expect(parseStageOrder(["3", "1e1"])).toBeNull();
  });
});
