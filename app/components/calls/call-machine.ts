/**
 * The call panel's state machine (platform-shell §3–§5, §8, §9), apart from any device or page: the island gives
 * it the portal's call endpoints and a device factory (the Twilio Voice SDK, or the sandbox's simulated device),
 * and draws what it says. Unit-tested with fake timers (tests/unit/call-machine.test.ts).
 *
 *   idle → initiating → connecting → ringing (accept) → connected (connect; a one-second counter) → disconnected
 *   → idle after 2 s (1 s after a cancel); reject → error 'Call was rejected'; a call error tears the device down.
 */
import {
  CALL_MESSAGES,
  CALL_STATUS_TEXT,
  CALL_TIMERS,
  CODEC_PREFERENCES,
  DIGITS_PATTERN,
  SIGNALLING_ERRORS,
  type CallEntityType,
  type CallStatus,
} from "#contract/call-constants";

export interface CallState {
  status: CallStatus;
  phoneNumber: string | null;
  phoneCallId: number | null;
  callSid: string | null;
  /** Seconds since the call connected. */
  duration: number;
  error: string | null;
  entityId: number | null;
  entityType: CallEntityType | null;
  callerName: string | null;
}

export interface DeviceState {
  isRegistered: boolean;
  isInitializing: boolean;
  error: string | null;
}

export const IDLE: CallState = {
  status: "idle",
  phoneNumber: null,
  phoneCallId: null,
  callSid: null,
  duration: 0,
  error: null,
  entityId: null,
  entityType: null,
  callerName: null,
};
const NO_DEVICE: DeviceState = { isRegistered: false, isInitializing: false, error: null };

export type CallEvent = "accept" | "connect" | "disconnect" | "cancel" | "reject" | "error";

/** A call placed by a device: its events, and what the user can do to it. */
export interface VoiceCall {
  on(event: CallEvent, listener: (error?: { code?: number; message?: string }) => void): void;
  disconnect(): void;
  sendDigits(digits: string): void;
  readonly sid?: string | null;
}

/** A registered voice device (Twilio's Device, or the sandbox's). */
export interface VoiceDevice {
  register(): Promise<void>;
  isRegistered: boolean;
  connect(params: { To: string; phone_call_id: string }, codecPreferences: readonly string[]): Promise<VoiceCall>;
  updateToken(token: string): void;
  /** Called shortly before the token expires (the device is refreshed with a new one). */
  onTokenWillExpire(listener: () => void): void;
  onError(listener: (error: { code?: number; message?: string }) => void): void;
  destroy(): void;
}

export interface InitiateAnswer {
  access_token: unknown;
  provider: "sandbox" | "twilio";
  expires_at: string;
  phone_call: { id: number; name: string; to: string };
}

export interface CallDependencies {
  canMakePhoneCalls: boolean;
  /** The initiate-call request: the answer, or a refusal (its data.error text is shown). */
  initiate(entityType: CallEntityType, entityId: number): Promise<{ ok: true; data: InitiateAnswer } | { ok: false; error?: string }>;
  terminate(phoneCallId: number): Promise<boolean>;
  refreshToken(): Promise<string | null>;
  createDevice(answer: InitiateAnswer & { access_token: string }): Promise<VoiceDevice>;
}

export interface CallRequest {
  entityType: CallEntityType;
  entityId: number;
  name: string;
}

type Listener = (state: CallState, device: DeviceState) => void;

export class CallMachine {
  state: CallState = IDLE;
  device: DeviceState = NO_DEVICE;
  private voiceDevice: VoiceDevice | null = null;
  private call: VoiceCall | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private resetTimer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<Listener>();

  constructor(private readonly deps: CallDependencies) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: Partial<CallState>, device?: Partial<DeviceState>) {
    this.state = { ...this.state, ...state };
    if (device) this.device = { ...this.device, ...device };
    for (const l of this.listeners) l(this.state, this.device);
  }

  /** True while a call is being set up or going on. */
  get busy() {
    return !["idle", "disconnected", "error"].includes(this.state.status);
  }

  async start(request: CallRequest): Promise<void> {
    if (this.busy) return;
    this.clearTimers();
    this.teardown();
    this.state = { ...IDLE };
    if (!this.deps.canMakePhoneCalls) {
      this.set({ status: "error", error: CALL_MESSAGES.noPermission, entityId: request.entityId, entityType: request.entityType, callerName: request.name });
      return;
    }
    this.set({ status: "initiating", entityId: request.entityId, entityType: request.entityType, callerName: request.name });
    let answer: Awaited<ReturnType<CallDependencies["initiate"]>>;
    try {
      answer = await this.deps.initiate(request.entityType, request.entityId);
    } catch {
      answer = { ok: false };
    }
    if (!answer.ok) return this.fail(answer.error || CALL_MESSAGES.failedToInitiate);
    const { data } = answer;
    this.set({ phoneCallId: data.phone_call.id, phoneNumber: data.phone_call.to, callerName: data.phone_call.name || request.name });
    if (typeof data.access_token !== "string") return this.fail(CALL_MESSAGES.failedToInitializeDevice);

    this.set({}, { isInitializing: true, error: null });
    let device: VoiceDevice;
    try {
      device = await this.deps.createDevice({ ...data, access_token: data.access_token });
      this.voiceDevice = device;
      device.onError(() => this.set({}, { error: CALL_MESSAGES.deviceError }));
      device.onTokenWillExpire(() => void this.refresh());
      await device.register();
    } catch {
      this.set({}, { isInitializing: false, isRegistered: false });
      return this.fail(CALL_MESSAGES.failedToInitializeDevice);
    }
    this.set({}, { isInitializing: false, isRegistered: device.isRegistered });
    if (!device.isRegistered) return this.fail(CALL_MESSAGES.deviceNotInitialized);

    this.set({ status: "connecting" });
    let call: VoiceCall;
    try {
      call = await device.connect({ To: data.phone_call.to, phone_call_id: String(data.phone_call.id) }, CODEC_PREFERENCES);
    } catch (e) {
      return this.fail(this.errorText(e as { code?: number; message?: string }));
    }
    this.call = call;
    call.on("accept", () => this.set({ status: "ringing", callSid: call.sid ?? this.state.callSid }));
    call.on("connect", () => {
      this.set({ status: "connected", duration: 0 });
      this.ticker = setInterval(() => this.set({ duration: this.state.duration + 1 }), CALL_TIMERS.tickMs);
    });
    call.on("disconnect", () => this.ended(CALL_TIMERS.idleAfterDisconnectMs));
    call.on("cancel", () => this.ended(CALL_TIMERS.idleAfterCancelMs));
    call.on("reject", () => this.fail(CALL_MESSAGES.rejected));
    call.on("error", (error) => this.fail(this.errorText(error)));
  }

  /** The user hangs up: the call ends (disconnected, idle after 2 s); with no call going on, straight to idle. */
  async hangUp(): Promise<void> {
    const { phoneCallId } = this.state;
    if (!this.call || !this.busy) {
      this.reset();
      return;
    }
    const call = this.call;
    this.call = null;
    call.disconnect();
    this.ended(CALL_TIMERS.idleAfterDisconnectMs);
    if (phoneCallId !== null && !(await this.deps.terminate(phoneCallId).catch(() => false))) this.set({ error: CALL_MESSAGES.failedToTerminate });
  }

  /** Closes the panel after an error. */
  dismiss() {
    if (!this.busy) this.reset();
  }

  /** Dial tones during a call: only 0-9, *, # and w. */
  sendDigits(digits: string): string | null {
    if (!DIGITS_PATTERN.test(digits)) return CALL_MESSAGES.invalidDigits;
    if (!this.call || this.state.status !== "connected") return CALL_MESSAGES.callError;
    this.call.sendDigits(digits);
    return null;
  }

  private async refresh() {
    const token = await this.deps.refreshToken().catch(() => null);
    if (token && this.voiceDevice) this.voiceDevice.updateToken(token);
  }

  private errorText(error: { code?: number; message?: string } | undefined) {
    return (error?.code !== undefined && SIGNALLING_ERRORS[error.code]) || error?.message || CALL_MESSAGES.callError;
  }

  /** The call is over: the counter stops; after `ms` the device is torn down and the panel goes idle. */
  private ended(ms: number) {
    if (this.state.status === "disconnected" || this.state.status === "idle") return;
    this.stopTicker();
    this.call = null;
    this.set({ status: "disconnected" });
    this.resetTimer = setTimeout(() => this.reset(), ms);
  }

  /** An error: shown until dismissed; the device is torn down. */
  private fail(error: string) {
    this.stopTicker();
    this.call = null;
    this.teardown();
    this.set({ status: "error", error }, { isRegistered: false, isInitializing: false });
  }

  private reset() {
    this.clearTimers();
    this.teardown();
    this.call = null;
    this.state = { ...IDLE };
    this.set({}, NO_DEVICE);
  }

  private teardown() {
    this.voiceDevice?.destroy();
    this.voiceDevice = null;
  }

  private stopTicker() {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private clearTimers() {
    this.stopTicker();
    if (this.resetTimer) clearTimeout(this.resetTimer);
    this.resetTimer = null;
  }
}

/** The panel's status text: the spec's, or the error. */
export function statusText(state: CallState): string {
  if (state.status === "error") return state.error ?? CALL_MESSAGES.callError;
  if (state.status === "idle") return "";
  return CALL_STATUS_TEXT[state.status];
}

export const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
