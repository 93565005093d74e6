import { describe, expect, it } from "vitest";
import { canTransition, coolingOffOver, iptOf, nextStates, POLICY_STATES, POLICY_TRANSITIONS, type PolicyState } from "#contract/policy-constants";
import { poundsToPence } from "#contract/policies";
import { sortFromJson } from "#app/lib/policy-sort";

/** The policy states' transition table, the cooling-off period, IPT, and the list's old JSON sort. */
describe("policy transitions", () => {
  it("never takes a bound, cancelled, expired or declined policy back to QUOTE", () => {
    for (const from of ["BOUND", "CANCELLED", "EXPIRED", "DECLINED", "COOLING_OFF", "RENEWAL"] as PolicyState[])
      expect(canTransition(from, "QUOTE")).toBe(false);
  });

  it("allows exactly the table's changes", () => {
    const allowed = POLICY_STATES.flatMap((from) => POLICY_STATES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(
      [
        "QUOTE→REFERRED",
        "QUOTE→DECLINED",
        "QUOTE→COOLING_OFF",
        "QUOTE→BOUND",
        "QUOTE→EXPIRED",
        "REFERRED→QUOTE",
        "REFERRED→DECLINED",
        "REFERRED→COOLING_OFF",
        "REFERRED→BOUND",
        "COOLING_OFF→BOUND",
        "COOLING_OFF→CANCELLED",
        "BOUND→RENEWAL",
        "BOUND→CANCELLED",
        "BOUND→EXPIRED",
        "RENEWAL→BOUND",
        "RENEWAL→CANCELLED",
        "RENEWAL→EXPIRED",
      ].sort(),
    );
  });

  it("has final states, no change to the same state, and a table naming known states only", () => {
    for (const s of ["CANCELLED", "DECLINED", "EXPIRED"] as PolicyState[]) expect(nextStates(s)).toEqual([]);
    for (const s of POLICY_STATES) expect(canTransition(s, s)).toBe(false);
    for (const [from, tos] of Object.entries(POLICY_TRANSITIONS)) {
      expect(POLICY_STATES).toContain(from);
      for (const to of tos) expect(POLICY_STATES).toContain(to);
    }
  });

  it("every state can be reached from a new quote", () => {
    const seen = new Set<PolicyState>(["QUOTE"]);
    const queue: PolicyState[] = ["QUOTE"];
    while (queue.length) {
      for (const next of nextStates(queue.shift()!)) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect([...seen].sort()).toEqual([...POLICY_STATES].sort());
  });
});

describe("cooling off", () => {
  it("ends 14 days after inception, across month and year ends", () => {
    expect(coolingOffOver("2026-01-01", "2026-01-14")).toBe(false);
    expect(coolingOffOver("2026-01-01", "2026-01-15")).toBe(true);
    expect(coolingOffOver("2026-12-25", "2027-01-07")).toBe(false);
    expect(coolingOffOver("2026-12-25", "2027-01-08")).toBe(true);
    expect(coolingOffOver("2028-02-20", "2028-03-05")).toBe(true);
  });
});

describe("money", () => {
  it("works IPT out at the policy's rate, to the penny", () => {
    expect(iptOf(100_000, 12)).toBe(12_000);
    expect(iptOf(100_001, 20)).toBe(20_000);
    expect(iptOf(12_345, 12)).toBe(1_481);
    expect(iptOf(50_000, 0)).toBe(0);
  });

  it("reads pounds typed in the form", () => {
    expect(poundsToPence("1,250.50")).toBe(125_050);
    expect(poundsToPence("£99.5")).toBe(9_950);
    expect(poundsToPence("12")).toBe(1_200);
    expect(poundsToPence("12.345")).toBeNull();
    expect(poundsToPence("-3")).toBeNull();
    expect(poundsToPence("ten")).toBeNull();
  });
});

describe("the list's old JSON sort", () => {
  it("becomes the list's sort field, or nothing", () => {
    expect(sortFromJson('{"field":"renewalDate","direction":"desc"}')).toBe("-renewal_date");
    expect(sortFromJson('[{"id":"policyNumber","desc":false}]')).toBe("number");
    expect(sortFromJson('{"productName":"asc"}')).toBe("product_name");
    expect(sortFromJson('{"id":"creationDate","desc":true}')).toBe("-created_at");
    expect(sortFromJson('{"field":"password"}')).toBeNull();
    expect(sortFromJson("{not json")).toBeNull();
    expect(sortFromJson("renewal_date")).toBeNull();
  });
});
