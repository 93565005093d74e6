/**
 * Phone calls: the constants both the API and the call panel (a client island, so no zod here) read. Words and
 * numbers are the spec's (platform-shell §3–§5, §8, §9).
 */

/** What a call can be made to: an individual, a client company, or a task (its client). */
export const CALL_ENTITY_TYPES = ["individual", "company", "task"] as const;
export type CallEntityType = (typeof CALL_ENTITY_TYPES)[number];

/** How the call was made: the call panel in the browser, or the device's own dialler through a tel: link. */
export const CALL_VIA = ["browser", "phone"] as const;
export type CallVia = (typeof CALL_VIA)[number];

/** How a call ended. */
export const CALL_OUTCOMES = ["completed", "busy", "no-answer", "rejected", "canceled", "failed"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  completed: "Completed",
  busy: "Busy",
  "no-answer": "No answer",
  rejected: "Rejected",
  canceled: "Cancelled",
  failed: "Failed",
};

/** The call panel's status (platform-shell §4). */
export const CALL_STATUSES = ["idle", "initiating", "connecting", "ringing", "connected", "disconnected", "error"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Call feedback: a score 1–5 and, optionally, one of these issues. */
export const CALL_FEEDBACK_ISSUES = ["audio-latency", "choppy-audio", "dropped-call", "echo", "noisy-call", "one-way-audio"] as const;
export type CallFeedbackIssue = (typeof CALL_FEEDBACK_ISSUES)[number];

export const CALL_FEEDBACK_ISSUE_LABELS: Record<CallFeedbackIssue, string> = {
  "audio-latency": "Audio latency",
  "choppy-audio": "Choppy audio",
  "dropped-call": "Dropped call",
  echo: "Echo",
  "noisy-call": "Noisy call",
  "one-way-audio": "One-way audio",
};

/** Dial-tone digits may contain only 0-9, *, # and w (a half-second pause). */
export const DIGITS_PATTERN = /^[0-9*#w]+$/;

export const CALL_MESSAGES = {
  noPermission: "You do not have permission to make phone calls",
  deviceNotInitialized: "Device not initialized",
  deviceError: "Device error occurred",
  failedToInitializeDevice: "Failed to initialize device",
  callError: "Call error occurred",
  rejected: "Call was rejected",
  failedToInitiate: "Failed to initiate call",
  failedToTerminate: "Failed to terminate call",
  tokenNotString: "The token must be a string",
  invalidDigits: "Digits may contain only 0-9, *, # and w.",
  alreadyOnCall: "You are already on a call. Hang up before starting another.",
  noNumber: (what: string) => `This ${what} has no phone number.`,
  entityType: "The entity type must be individual, company or task.",
  score: "The score must be a whole number from 1 to 5.",
  issue: "Choose one of the listed issues.",
} as const;

/** The voice provider's signalling codes (§8), as the panel says them. */
export const SIGNALLING_ERRORS: Record<number, string> = {
  31000: "The call was disconnected (general error)",
  31003: "The connection was interrupted",
  31005: "The call ended unexpectedly",
  31009: "No transport available to place the call",
  31201: "Authentication failed",
  31204: "The access token is invalid",
  31205: "The access token has expired",
  31401: "Microphone permission denied",
  31486: "The line is busy",
  31603: "The call was declined",
};

/** The panel's status texts (§4). */
export const CALL_STATUS_TEXT: Record<Exclude<CallStatus, "idle" | "error">, string> = {
  initiating: "Initiating...",
  connecting: "Connecting...",
  ringing: "Ringing...",
  connected: "Connected",
  disconnected: "Call ended",
};

/** Timers (§9): duration counter 1 s; disconnected → idle 2 s (1 s after a cancel); token refreshed 10 s before it expires. */
export const CALL_TIMERS = { tickMs: 1000, idleAfterDisconnectMs: 2000, idleAfterCancelMs: 1000, tokenRefreshMarginMs: 10_000 } as const;

/** Codec preference (§9): Opus, then PCMU. */
export const CODEC_PREFERENCES = ["opus", "pcmu"] as const;
