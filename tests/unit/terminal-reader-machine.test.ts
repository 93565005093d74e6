import { describe, expect, it, vi } from "vitest";
import { ReaderMachine, type PaymentView, type ReaderDependencies } from "#app/components/terminal-app/reader-machine";
import { SandboxReaderDriver } from "#app/components/terminal-app/sandbox-reader";

const waiting: PaymentView = { id: 7, status: "waiting", amount_pence: 1250, failure: null, payment_id: null };

function deps(over: Partial<ReaderDependencies> = {}) {
  const timers: (() => void)[] = [];
  let keys = 0;
  const d: ReaderDependencies = {
    driver: new SandboxReaderDriver([{ id: 1, label: "Till", simulated: true }]),
    start: vi.fn(async () => ({ ok: true as const, data: waiting })),
    status: vi.fn(async () => waiting),
    cancel: vi.fn(async () => ({ ok: true, data: { ...waiting, status: "cancelled" as const } })),
    presentCard: vi.fn(async (_id: number, number: string) =>
      number === "4242424242424242"
        ? { ok: true, data: { ...waiting, status: "approved" as const, payment_id: 3 } }
        : {
            ok: true,
            data: { ...waiting, status: "declined" as const, failure: { code: "insufficient_funds", message: "Your card has insufficient funds." } },
          },
    ),
    newKey: () => `key-${++keys}`,
    setTimer: (run) => timers.push(run),
    clearTimer: () => undefined,
    ...over,
  };
  return { d, timers };
}

async function connected(d: ReaderDependencies) {
  const m = new ReaderMachine(d);
  await m.discover();
  await m.connect(1);
  return m;
}

describe("the terminal-reader island's state machine", () => {
  it("discovers and connects, starts a payment, waits (polling), approved by the test card", async () => {
    const { d, timers } = deps();
    const m = await connected(d);
    expect(m.current.step).toBe("ready");
    await m.pay({ amount: "12.50" });
    expect(d.start).toHaveBeenCalledWith({ readerId: 1, amount: "12.50", key: "key-1" });
    expect(m.current.step).toBe("waiting");
    expect(timers).toHaveLength(1);
    await m.poll();
    expect(m.current.step).toBe("waiting");
    await m.presentCard("4242424242424242");
    expect(m.current).toMatchObject({ step: "approved", payment: { payment_id: 3 } });
    m.again();
    expect(m.current.step).toBe("ready");
  });

  it("declined with the reason; cancelled; a refused start keeps its key for the retry", async () => {
    const { d } = deps();
    const m = await connected(d);
    await m.pay({ amount: "9" });
    await m.presentCard("4000000000009995");
    expect(m.current).toMatchObject({ step: "declined", payment: { failure: { code: "insufficient_funds" } } });
    m.again();
    await m.pay({ invoiceId: "4" });
    await m.cancel();
    expect(m.current.step).toBe("cancelled");

    const down = deps({ start: vi.fn(async () => ({ ok: false as const, error: "The provider did not answer." })) });
    const m2 = await connected(down.d);
    await m2.pay({ amount: "5" });
    expect(m2.current).toMatchObject({ step: "error", error: "The provider did not answer." });
    await m2.pay({ amount: "5" });
    expect(down.d.start).toHaveBeenLastCalledWith({ readerId: 1, amount: "5", key: "key-1" });
  });

  it("no readers: says so", async () => {
    const { d } = deps({ driver: new SandboxReaderDriver([]) });
    const m = new ReaderMachine(d);
    await m.discover();
    expect(m.current.step).toBe("error");
  });
});
