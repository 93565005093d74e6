import { describe, expect, it } from "vitest";
import { moveBy, moveOnto, parseStageOrder, sameOrder } from "#app/lib/stage-order";

describe("stage ordering: move up and down", () => {
  const ids = [11, 12, 13, 14];

  it("swaps a stage with its neighbour", () => {
    expect(moveBy(ids, 13, -1)).toEqual([11, 13, 12, 14]);
    expect(moveBy(ids, 12, 1)).toEqual([11, 13, 12, 14]);
  });

  it("leaves the first stage first when moved up, the last last when moved down, and an unknown stage alone", () => {
    expect(moveBy(ids, 11, -1)).toEqual(ids);
    expect(moveBy(ids, 14, 1)).toEqual(ids);
    expect(moveBy(ids, 99, 1)).toEqual(ids);
  });

  it("never changes the list it was given", () => {
    const frozen = Object.freeze([...ids]);
    moveBy(frozen, 12, 1);
    expect(frozen).toEqual(ids);
  });
});

describe("stage ordering: drag and drop", () => {
  const ids = [1, 2, 3, 4, 5];

  it("a stage dragged down lands after the target; dragged up, before it", () => {
    expect(moveOnto(ids, 2, 4)).toEqual([1, 3, 4, 2, 5]);
    expect(moveOnto(ids, 5, 1)).toEqual([5, 1, 2, 3, 4]);
    expect(moveOnto(ids, 1, 5)).toEqual([2, 3, 4, 5, 1]);
  });

  it("keeps every stage exactly once", () => {
    for (const a of ids) for (const b of ids) expect([...moveOnto(ids, a, b)].sort()).toEqual(ids);
  });

  it("dropping on itself or an unknown stage changes nothing", () => {
    expect(sameOrder(moveOnto(ids, 3, 3), ids)).toBe(true);
    expect(moveOnto(ids, 3, 42)).toEqual(ids);
    expect(moveOnto(ids, 42, 3)).toEqual(ids);
  });

  it("tells orders apart", () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1, 2], [1, 2, 3])).toBe(false);
  });
});

describe("stage ordering: what a form posted", () => {
  it("reads stage ids in order", () => {
    expect(parseStageOrder(["3", "1", "2"])).toEqual([3, 1, 2]);
  });

  it.each([[[]], [["1", "1"]], [["1", "x"]], [["0"]], [["-2"]], [["1.5"]], [[" 1"]], [["12345678901"]], [[new File([], "f")]]])("refuses %j", (values) => {
    expect(parseStageOrder(values)).toBeNull();
  });

  it("refuses more than 100 stages", () => {
    expect(parseStageOrder(Array.from({ length: 101 }, (_, i) => String(i + 1)))).toBeNull();
  });
});
