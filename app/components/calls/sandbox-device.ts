/**
 * The voice sandbox's device: it follows the script the API plays for the call (GET /calls/{id}/sandbox-events
 * through the portal) and turns each new event into the device's event, as Twilio's SDK would. Nothing leaves
 * the machine; the panel says "Sandbox".
 */
import { CALL_TIMERS } from "#contract/call-constants";
import type { CallEvent, VoiceCall, VoiceDevice } from "./call-machine";

const POLL_MS = 250;

type Listener = (error?: { code?: number; message?: string }) => void;

interface SandboxEvent {
  type: CallEvent;
  at_ms: number;
  code?: number;
}

class SandboxCall implements VoiceCall {
  private listeners = new Map<CallEvent, Listener[]>();
  private seen = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private over = false;
  readonly sid: string;

  constructor(
    private readonly phoneCallId: string,
    private readonly eventsUrl: string,
  ) {
    this.sid = `SBX${phoneCallId.padStart(8, "0")}`;
    this.timer = setTimeout(() => void this.poll(), POLL_MS);
  }

  on(event: CallEvent, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  private emit(event: CallEvent, error?: { code?: number; message?: string }) {
    for (const l of this.listeners.get(event) ?? []) l(error);
  }

  private async poll() {
    if (this.over) return;
    try {
      const res = await fetch(`${this.eventsUrl}?id=${encodeURIComponent(this.phoneCallId)}`, { headers: { accept: "application/json" } });
      if (res.ok) {
        const { events, ended } = (await res.json()) as { events: SandboxEvent[]; ended: boolean };
        for (const e of events.slice(this.seen)) {
          if (this.over) return;
          this.emit(e.type, e.type === "error" ? { code: e.code } : undefined);
          if (e.type !== "accept" && e.type !== "connect") this.over = true;
        }
        this.seen = events.length;
        if (ended) this.over = true;
      }
    } catch {
      // A lost poll is tried again.
    }
    if (!this.over) this.timer = setTimeout(() => void this.poll(), POLL_MS);
  }

  disconnect() {
    if (this.over) return;
    this.over = true;
    if (this.timer) clearTimeout(this.timer);
    this.emit("disconnect");
  }

  sendDigits() {
    // The sandbox's callee hears the tones; nothing else happens.
  }

  stop() {
    this.over = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

export class SandboxDevice implements VoiceDevice {
  isRegistered = false;
  private calls: SandboxCall[] = [];
  private expiry: ReturnType<typeof setTimeout> | null = null;
  private tokenListener: (() => void) | null = null;

  constructor(
    private token: string,
    private expiresAt: number,
    private readonly eventsUrl: string,
  ) {}

  async register() {
    if (!this.token.startsWith("sandbox.")) throw new Error("The sandbox device takes sandbox tokens only.");
    this.isRegistered = true;
    this.watchExpiry();
  }

  private watchExpiry() {
    if (this.expiry) clearTimeout(this.expiry);
    const ms = this.expiresAt - Date.now() - CALL_TIMERS.tokenRefreshMarginMs;
    if (Number.isFinite(ms)) this.expiry = setTimeout(() => this.tokenListener?.(), Math.max(0, ms));
  }

  async connect(params: { To: string; phone_call_id: string }) {
    if (!this.isRegistered) throw new Error("Device not registered");
    const call = new SandboxCall(params.phone_call_id, this.eventsUrl);
    this.calls.push(call);
    return call;
  }

  updateToken(token: string) {
    this.token = token;
    this.expiresAt = Date.now() + 60 * 60_000;
    this.watchExpiry();
  }

  onTokenWillExpire(listener: () => void) {
    this.tokenListener = listener;
  }

  onError() {
    // The sandbox device has no errors of its own: its calls' scripts carry them.
  }

  destroy() {
    this.isRegistered = false;
    if (this.expiry) clearTimeout(this.expiry);
    for (const c of this.calls) c.stop();
    this.calls = [];
  }
}
