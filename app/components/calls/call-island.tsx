import { useEffect, useRef, useState, type FormEvent } from "react";
import type { CallEntityType } from "#contract/call-constants";
import type { CallDetail } from "./call-host";
import { CallMachine, formatDuration, IDLE, statusText, type CallDependencies, type CallState, type InitiateAnswer } from "./call-machine";
import { SandboxDevice } from "./sandbox-device";

const ENDPOINT = "/resources/calls";

async function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const res = await fetch(ENDPOINT, { method: "POST", body, headers: { accept: "application/json" } });
  return (await res.json().catch(() => ({ ok: false }))) as { ok: boolean; error?: string; data?: unknown };
}

function dependencies(canMakePhoneCalls: boolean, onProvider: (p: InitiateAnswer["provider"]) => void): CallDependencies {
  return {
    canMakePhoneCalls,
    async initiate(entityType: CallEntityType, entityId: number) {
      const answer = await post({ intent: "initiate", entity_type: entityType, entity_id: String(entityId) });
      if (!answer.ok) return { ok: false, error: answer.error };
      onProvider((answer.data as InitiateAnswer).provider);
      return { ok: true, data: answer.data as InitiateAnswer };
    },
    async terminate(id: number) {
      return (await post({ intent: "terminate", id: String(id) })).ok;
    },
    async refreshToken() {
      const answer = await post({ intent: "token" });
      return answer.ok ? (answer.data as { access_token: string }).access_token : null;
    },
    async createDevice(answer) {
      if (answer.provider === "twilio") return (await import("./twilio-device")).createTwilioDevice(answer.access_token);
      return new SandboxDevice(answer.access_token, Date.parse(answer.expires_at), ENDPOINT);
    },
  };
}

/**
 * The call panel (platform-shell §2 "Call panel"): fixed at the bottom left beside the 256 px side menu while a
 * call is set up, going on, or has just ended or failed; the callee's name, the status, any error, Hang up.
 */
export default function CallIsland({ request, canMakePhoneCalls }: { request: CallDetail & { seq: number }; canMakePhoneCalls: boolean }) {
  const [provider, setProvider] = useState<InitiateAnswer["provider"] | null>(null);
  const machine = useRef<CallMachine | null>(null);
  machine.current ??= new CallMachine(dependencies(canMakePhoneCalls, setProvider));
  const [state, setState] = useState<CallState>(IDLE);
  const [digits, setDigits] = useState("");
  const [digitsError, setDigitsError] = useState<string | null>(null);

  useEffect(() => machine.current!.subscribe((s) => setState(s)), []);
  useEffect(() => {
    void machine.current!.start({ entityType: request.entityType, entityId: request.entityId, name: request.name });
  }, [request.seq, request.entityType, request.entityId, request.name]);
  // Leaving the portal (closing the tab) during a call hangs it up.
  useEffect(() => {
    const onLeave = () => {
      if (machine.current?.busy) void machine.current.hangUp();
    };
    window.addEventListener("pagehide", onLeave);
    return () => window.removeEventListener("pagehide", onLeave);
  }, []);

  if (state.status === "idle") return null;
  const connected = state.status === "connected";
  const active = !["disconnected", "error"].includes(state.status);
  const sendDigits = (event: FormEvent) => {
    event.preventDefault();
    const error = machine.current!.sendDigits(digits);
    setDigitsError(error);
    if (!error) setDigits("");
  };
  return (
    <section
      aria-label="Call"
      data-call-panel
      data-status={state.status}
      className={`fixed bottom-4 left-4 z-40 w-80 rounded-lg border p-4 shadow-lg lg:left-64 lg:ml-4 ${
        connected ? "border-emerald-300 bg-emerald-50" : state.status === "error" ? "border-red-300 bg-white" : "border-sky-300 bg-sky-50"
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900" title={state.callerName ?? undefined}>
            {state.callerName}
          </p>
          {state.phoneNumber && <p className="text-xs tabular-nums text-slate-600">{state.phoneNumber}</p>}
        </div>
        {provider === "sandbox" && (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" title="A simulated call: no telephone network is used">
            Sandbox
          </span>
        )}
      </div>
      <p role="status" aria-live="polite" className={`mt-2 text-sm ${state.status === "error" ? "text-red-700" : "text-slate-800"}`} data-call-status>
        {statusText(state)}
        {connected && (
          <span className="ml-2 tabular-nums" data-call-duration>
            {formatDuration(state.duration)}
          </span>
        )}
      </p>
      {state.error && state.status !== "error" && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {state.error}
        </p>
      )}
      {connected && (
        <form onSubmit={sendDigits} className="mt-3 flex gap-2">
          <label className="sr-only" htmlFor="call-digits">
            Keypad digits
          </label>
          <input
            id="call-digits"
            value={digits}
            onChange={(e) => setDigits(e.target.value)}
            inputMode="tel"
            placeholder="Keypad: 0-9 * # w"
            className="field-input-sm min-w-0 flex-1"
            aria-invalid={digitsError ? true : undefined}
            aria-describedby={digitsError ? "call-digits-error" : undefined}
          />
          <button type="submit" className="btn-secondary">
            Send
          </button>
        </form>
      )}
      {digitsError && (
        <p id="call-digits-error" className="mt-1 text-xs text-red-700">
          {digitsError}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        {active ? (
          <button type="button" className="btn bg-red-600 text-white hover:bg-red-700" onClick={() => void machine.current!.hangUp()} data-hang-up>
            Hang up
          </button>
        ) : (
          <button type="button" className="btn-secondary" onClick={() => machine.current!.dismiss()}>
            Close
          </button>
        )}
      </div>
    </section>
  );
}
