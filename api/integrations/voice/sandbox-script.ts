import type { CallOutcome } from "#contract/call-constants";
import type { SandboxCallEvent } from "#contract/calls";

/**
 * The voice sandbox's calls: each number plays a script of events at fixed times from the start (milliseconds),
 * which the sandbox device in the browser follows. The UK's drama numbers (Ofcom's 07700 900xxx) pick a case;
 * any other number rings, is answered and talks until someone hangs up.
 */
export interface SandboxScript {
  events: SandboxCallEvent[];
  /** How the call ends if it reaches its last event. */
  outcome: CallOutcome;
  /** When it was answered (ms), if it is. */
  answeredAtMs?: number;
}

const ring = (at = 1000): SandboxCallEvent => ({ type: "accept", at_ms: at });
const connect = (at = 3000): SandboxCallEvent => ({ type: "connect", at_ms: at });
const error = (code: number, at: number): SandboxCallEvent => ({ type: "error", at_ms: at, code });

/** The special numbers (their last six digits), documented in the README. */
export const SANDBOX_NUMBERS: Record<string, { label: string; script: SandboxScript }> = {
  "900010": {
    label: "answers, talks for 4 seconds, then the callee hangs up",
    script: { events: [ring(), connect(2500), { type: "disconnect", at_ms: 6500 }], outcome: "completed", answeredAtMs: 2500 },
  },
  "900486": { label: "busy (31486)", script: { events: [error(31486, 1500)], outcome: "busy" } },
  "900480": { label: "rings, nobody answers (cancelled after 8 s)", script: { events: [ring(), { type: "cancel", at_ms: 8000 }], outcome: "no-answer" } },
  "900603": { label: "rings, then the callee rejects the call", script: { events: [ring(), { type: "reject", at_ms: 3000 }], outcome: "rejected" } },
  "900201": { label: "authentication failed (31201)", script: { events: [error(31201, 800)], outcome: "failed" } },
  "900204": { label: "access token invalid (31204)", script: { events: [error(31204, 800)], outcome: "failed" } },
  "900205": { label: "token expired (31205)", script: { events: [error(31205, 800)], outcome: "failed" } },
  "900000": {
    label: "general error while connected (31000)",
    script: { events: [ring(), connect(), error(31000, 5000)], outcome: "failed", answeredAtMs: 3000 },
  },
  "900003": {
    label: "connection interrupted while connected (31003)",
    script: { events: [ring(), connect(), error(31003, 5000)], outcome: "failed", answeredAtMs: 3000 },
  },
  "900005": {
    label: "unexpected end while connected (31005)",
    script: { events: [ring(), connect(), error(31005, 5000)], outcome: "failed", answeredAtMs: 3000 },
  },
  "900009": { label: "no transport (31009)", script: { events: [error(31009, 800)], outcome: "failed" } },
};

/** Any other number: rings after 1 s, answered after 3 s; the callee hangs up after 30 minutes if nobody else does. */
const ORDINARY: SandboxScript = { events: [ring(), connect(), { type: "disconnect", at_ms: 30 * 60_000 }], outcome: "completed", answeredAtMs: 3000 };

export function sandboxScriptFor(number: string): SandboxScript {
  const digits = number.replace(/\D/g, "");
  return SANDBOX_NUMBERS[digits.slice(-6)]?.script ?? ORDINARY;
}

/** The script's events that have happened `elapsedMs` after the start, and whether the call is over by then. */
export function sandboxEventsAt(script: SandboxScript, elapsedMs: number): { events: SandboxCallEvent[]; ended: boolean; endedAtMs: number | null } {
  const events = script.events.filter((e) => e.at_ms <= elapsedMs);
  const last = script.events[script.events.length - 1];
  const ended = Boolean(last && last.at_ms <= elapsedMs && last.type !== "accept" && last.type !== "connect");
  return { events, ended, endedAtMs: ended ? last.at_ms : null };
}
