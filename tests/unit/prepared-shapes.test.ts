import { describe, expect, it } from "vitest";
import type { Db } from "#api/db/client";
import { inIdOrder, preparedPerShape } from "#api/db/prepared";

// Two databases: statements are prepared per database (a pool's and a test's PGlite never share one).
const dbA = {} as Db;
const dbB = {} as Db;

describe("statements prepared per shape", () => {
  it("builds a shape once per database and answers the same statement for it again", () => {
    const built: string[] = [];
    const statement = preparedPerShape((_db, shape: { filters: string[] }) => {
      built.push(shape.filters.join("+"));
      return { text: `where ${shape.filters.join(" and ")}` };
    });
    const first = statement(dbA, "pipeline", { filters: ["pipeline"] });
    expect(statement(dbA, "pipeline", { filters: ["pipeline"] })).toBe(first);
    expect(statement(dbA, "pipeline,priority", { filters: ["pipeline", "priority"] }).text).toBe("where pipeline and priority");
    expect(statement(dbB, "pipeline", { filters: ["pipeline"] })).not.toBe(first);
    expect(built).toEqual(["pipeline", "pipeline+priority", "pipeline"]);
  });

  it("keeps the most recently used shapes up to its limit", () => {
    let builds = 0;
    const statement = preparedPerShape(() => ({ n: ++builds }), 2);
    statement(dbA, "a", null);
    statement(dbA, "b", null);
    statement(dbA, "a", null); // a is now the most recently used
    statement(dbA, "c", null); // b, the least recently used, is dropped
    expect(builds).toBe(3);
    expect(statement(dbA, "a", null).n).toBe(1);
    expect(statement(dbA, "c", null).n).toBe(3);
    expect(statement(dbA, "b", null).n).toBe(4);
  });
});

describe("rows read by id, in the list's order", () => {
  it("puts the rows back in the order of the ids asked for and leaves out ids without a row", () => {
    const rows = [
      { id: 3, name: "c" },
      { id: 1, name: "a" },
      { id: 7, name: "g" },
    ];
    expect(inIdOrder([7, 2, 1, 3], rows, (r) => r.id).map((r) => r.name)).toEqual(["g", "a", "c"]);
    expect(inIdOrder([], rows, (r) => r.id)).toEqual([]);
  });
});
