import { describe, expect, it } from "vitest";
import { createSignOuts, type RevokeOutcome } from "#app/services/sign-out.server";

/** An API that answers only from the given call on (the calls before it find it down). */
function apiDownFor(calls: number) {
  const seen: string[] = [];
  return {
    seen,
    revoke: async (token: string): Promise<RevokeOutcome> => {
      seen.push(token);
      if (seen.length <= calls) throw new Response("down", { status: 503 });
      return "done";
    },
  };
}

const until = async (check: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  return check();
};

describe("signing out", () => {
  it("is done at once when the API answers", async () => {
    const api = apiDownFor(0);
    const s = createSignOuts(api.revoke, { retryMs: 10, quickTries: [0, 1] });
    expect(await s.signOut("t1")).toBe(true);
    expect(api.seen).toEqual(["t1"]);
    expect(s.pending()).toBe(0);
  });

  it("retries a few times at once, then keeps the token until the API is back and has revoked it", async () => {
    const api = apiDownFor(6);
    const s = createSignOuts(api.revoke, { retryMs: 10, quickTries: [0, 1, 1] });
    expect(await s.signOut("t2")).toBe(false);
    expect(api.seen).toEqual(["t2", "t2", "t2"]);
    expect(s.pending()).toBe(1);
    expect(await until(() => s.pending() === 0)).toBe(true);
    expect(api.seen).toHaveLength(7);
    s.stop();
  });

  it("an unexpected failure of a retry is one more retry, not a crash", async () => {
    let n = 0;
    const s = createSignOuts(
      async () => {
        n++;
        if (n < 3) throw new Error("socket hang up");
        return "done";
      },
      { retryMs: 10, quickTries: [0] },
    );
    expect(await s.signOut("t3")).toBe(false);
    expect(await until(() => s.pending() === 0)).toBe(true);
    s.stop();
  });
});
