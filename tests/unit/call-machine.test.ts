import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CallMachine, statusText, type CallDependencies, type CallEvent, type VoiceCall, type VoiceDevice } from "#app/components/calls/call-machine";
import { CALL_MESSAGES, SIGNALLING_ERRORS } from "#contract/call-constants";

/** A device and call the test drives: `emit("connect")` is the voice provider saying the callee answered. */
function fakes(options: { registers?: boolean; registerFails?: boolean } = {}) {
  const listeners = new Map<CallEvent, ((e?: { code?: number; message?: string }) => void)[]>();
  const call: VoiceCall & { disconnected: number; digits: string[] } = {
    disconnected: 0,
    digits: [],
    sid: "CA123",
    on: (event, l) => listeners.set(event, [...(listeners.get(event) ?? []), l]),
    disconnect() {
      this.disconnected++;
      for (const l of listeners.get("disconnect") ?? []) l();
    },
    sendDigits(d) {
      this.digits.push(d);
    },
  };
  let tokenWillExpire: () => void = () => undefined;
  const device: VoiceDevice & { destroyed: number; tokens: string[]; connectedWith?: unknown } = {
    destroyed: 0,
    tokens: [],
    isRegistered: false,
    async register() {
      if (options.registerFails) throw new Error("no");
      this.isRegistered = options.registers ?? true;
    },
    async connect(params, codecs) {
      this.connectedWith = { params, codecs };
      return call;
    },
    updateToken(t) {
      this.tokens.push(t);
    },
    onTokenWillExpire: (l) => (tokenWillExpire = l),
    onError: () => undefined,
    destroy() {
      this.destroyed++;
    },
  };
  const emit = (event: CallEvent, error?: { code?: number; message?: string }) => {
    for (const l of listeners.get(event) ?? []) l(error);
  };
  return { call, device, emit, expireToken: () => tokenWillExpire() };
}

const answer = {
  access_token: "sandbox.abc",
  provider: "sandbox" as const,
  expires_at: "2026-11-26T10:00:00Z",
  phone_call: { id: 7, name: "Cara Callee", to: "+44 20 7946 0999" },
};

function machine(over: Partial<CallDependencies> = {}, device = fakes().device) {
  const deps: CallDependencies = {
    canMakePhoneCalls: true,
    initiate: vi.fn(async () => ({ ok: true as const, data: answer })),
    terminate: vi.fn(async () => true),
    refreshToken: vi.fn(async () => "sandbox.fresh"),
    createDevice: vi.fn(async () => device),
    ...over,
  };
  return { m: new CallMachine(deps), deps };
}

const request = { entityType: "individual" as const, entityId: 3, name: "Cara" };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the call state machine", () => {
  it("idle → initiating → connecting → ringing → connected with a one-second counter → disconnected → idle after 2 s", async () => {
    const f = fakes();
    const { m } = machine({}, f.device);
    const seen: string[] = [];
    m.subscribe((s) => {
      if (seen[seen.length - 1] !== s.status) seen.push(s.status);
    });
    await m.start(request);
    expect(m.state).toMatchObject({
      status: "connecting",
      phoneCallId: 7,
      phoneNumber: "+44 20 7946 0999",
      callerName: "Cara Callee",
      entityType: "individual",
      entityId: 3,
    });
    expect(f.device.connectedWith).toEqual({ params: { To: "+44 20 7946 0999", phone_call_id: "7" }, codecs: ["opus", "pcmu"] });
    f.emit("accept");
    expect(statusText(m.state)).toBe("Ringing...");
    f.emit("connect");
    expect(statusText(m.state)).toBe("Connected");
    await vi.advanceTimersByTimeAsync(3000);
    expect(m.state.duration).toBe(3);
    f.emit("disconnect");
    expect(statusText(m.state)).toBe("Call ended");
    await vi.advanceTimersByTimeAsync(1000);
    expect(m.state.duration).toBe(3); // the counter stopped
    expect(m.state.status).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(1000);
    expect(m.state.status).toBe("idle");
    expect(f.device.destroyed).toBe(1);
    expect(seen).toEqual(["initiating", "connecting", "ringing", "connected", "disconnected", "idle"]);
  });

  it("a cancel goes disconnected, then idle after 1 s", async () => {
    const f = fakes();
    const { m } = machine({}, f.device);
    await m.start(request);
    f.emit("accept");
    f.emit("cancel");
    expect(m.state.status).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(999);
    expect(m.state.status).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(1);
    expect(m.state.status).toBe("idle");
  });

  it("a reject is the error 'Call was rejected'; a call error tears the device down with the signalling code's text", async () => {
    const f = fakes();
    const { m } = machine({}, f.device);
    await m.start(request);
    f.emit("reject");
    expect(m.state).toMatchObject({ status: "error", error: CALL_MESSAGES.rejected });
    expect(statusText(m.state)).toBe("Call was rejected");
    expect(f.device.destroyed).toBe(1);

    const g = fakes();
    const second = machine({}, g.device).m;
    await second.start(request);
    g.emit("accept");
    g.emit("connect");
    g.emit("error", { code: 31003 });
    expect(second.state).toMatchObject({ status: "error", error: SIGNALLING_ERRORS[31003] });
    expect(g.device.destroyed).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(second.state.status).toBe("error"); // shown until closed
    second.dismiss();
    expect(second.state.status).toBe("idle");

    const h = fakes();
    const third = machine({}, h.device).m;
    await third.start(request);
    h.emit("error", { message: "" });
    expect(third.state.error).toBe(CALL_MESSAGES.callError);
  });

  it("refuses without the permission flag, and shows the API's refusal text, or 'Failed to initiate call'", async () => {
    const { m, deps } = machine({ canMakePhoneCalls: false });
    await m.start(request);
    expect(m.state).toMatchObject({ status: "error", error: CALL_MESSAGES.noPermission });
    expect(deps.initiate).not.toHaveBeenCalled();

    const refused = machine({ initiate: async () => ({ ok: false, error: "This individual has no phone number." }) }).m;
    await refused.start(request);
    expect(refused.state.error).toBe("This individual has no phone number.");

    const broken = machine({
      initiate: async () => {
        throw new Error("network");
      },
    }).m;
    await broken.start(request);
    expect(broken.state.error).toBe(CALL_MESSAGES.failedToInitiate);
  });

  it("a token that is not a string, a device that fails or is not registered: the spec's messages", async () => {
    const notString = machine({ initiate: async () => ({ ok: true, data: { ...answer, access_token: 42 } }) }).m;
    await notString.start(request);
    expect(notString.state.error).toBe(CALL_MESSAGES.failedToInitializeDevice);

    const failing = machine({}, fakes({ registerFails: true }).device).m;
    await failing.start(request);
    expect(failing.state.error).toBe(CALL_MESSAGES.failedToInitializeDevice);

    const unregistered = machine({}, fakes({ registers: false }).device).m;
    await unregistered.start(request);
    expect(unregistered.state.error).toBe(CALL_MESSAGES.deviceNotInitialized);
  });

  it("the user hangs up: the call is disconnected and terminated, idle after 2 s; with no call, straight to idle", async () => {
    const f = fakes();
    const { m, deps } = machine({}, f.device);
    await m.start(request);
    f.emit("accept");
    f.emit("connect");
    await m.hangUp();
    expect(f.call.disconnected).toBe(1);
    expect(deps.terminate).toHaveBeenCalledWith(7);
    expect(m.state.status).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(2000);
    expect(m.state.status).toBe("idle");

    const failed = machine({ terminate: async () => false }, fakes().device).m;
    await failed.start(request);
    await failed.hangUp();
    expect(failed.state.error).toBe(CALL_MESSAGES.failedToTerminate);

    const nothing = machine().m;
    await nothing.hangUp();
    expect(nothing.state.status).toBe("idle");
  });

  it("dial tones: only 0-9, *, # and w, and only while connected", async () => {
    const f = fakes();
    const { m } = machine({}, f.device);
    await m.start(request);
    expect(m.sendDigits("12")).toBe(CALL_MESSAGES.callError);
    f.emit("connect");
    expect(m.sendDigits("12a")).toBe(CALL_MESSAGES.invalidDigits);
    expect(m.sendDigits("0123456789*#w")).toBeNull();
    expect(f.call.digits).toEqual(["0123456789*#w"]);
  });

  it("refreshes the device's token when it is about to expire; a second Call during a call is ignored", async () => {
    const f = fakes();
    const { m, deps } = machine({}, f.device);
    await m.start(request);
    f.expireToken();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.device.tokens).toEqual(["sandbox.fresh"]);
    await m.start({ ...request, entityId: 9 });
    expect(deps.initiate).toHaveBeenCalledTimes(1);
    expect(m.state.entityId).toBe(3);
  });
});
