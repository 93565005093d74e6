import { describe, expect, it, vi } from "vitest";
import { island } from "#app/lib/island";

const mod = { Part: () => null };

/** What a render does with `read()`: the module, or the thrown promise / error. */
function attempt<M>(read: () => M): { module: M } | { suspended: Promise<unknown> } | { error: unknown } {
  try {
    return { module: read() };
  } catch (thrown) {
    return thrown instanceof Promise ? { suspended: thrown } : { error: thrown };
  }
}

describe("island: a page part rendered by the server, fetched as a chunk by the browser", () => {
  it("on the server reads the module at once and never fetches the chunk", () => {
    const load = vi.fn(async () => mod);
    const part = island(load, mod);
    expect(attempt(part.read)).toEqual({ module: mod });
    expect(load).not.toHaveBeenCalled();
  });

  it("in the browser suspends until the chunk has arrived, then reads it; the chunk is fetched once", async () => {
    const load = vi.fn(async () => mod);
    const part = island(load, undefined);
    const first = attempt(part.read);
    const again = attempt(part.read);
    if (!("suspended" in first) || !("suspended" in again)) throw new Error("expected the part to suspend");
    expect(again.suspended).toBe(first.suspended);
    await first.suspended;
    expect(attempt(part.read)).toEqual({ module: mod });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("is not fetched before the page has hydrated (no document here): the render asks for it", () => {
    const load = vi.fn(async () => mod);
    island(load, undefined);
    expect(load).not.toHaveBeenCalled();
  });

  it("throws a failed fetch once (to the route's error boundary), then tries again", async () => {
    const failure = new Error("chunk failed");
    const load = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce(mod);
    const part = island(load, undefined);
    const first = attempt(part.read);
    if (!("suspended" in first)) throw new Error("expected the part to suspend");
    await expect(first.suspended).rejects.toBe(failure);
    expect(attempt(part.read)).toEqual({ error: failure });
    const retry = attempt(part.read);
    if (!("suspended" in retry)) throw new Error("expected the part to suspend again");
    await retry.suspended;
    expect(attempt(part.read)).toEqual({ module: mod });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
