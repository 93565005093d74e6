import { createApi } from "./api.server";

/**
 * Signing out is done only once the API has revoked the token. The revoke is tried at once and retried a few
 * times; when the API still does not answer, the token is kept here and sent again every RETRY_MS until it
 * does (the browser's cookie is cleared either way, and the token's absolute lifetime bounds the wait should the
 * portal itself stop meanwhile).
 */
export const RETRY_MS = 5_000;

/** The answer of one revoke: "done" when the API answered (revoked, or the token was no longer valid). */
export type RevokeOutcome = "done" | "unavailable";

export interface SignOuts {
  /** Revokes a token: true when it is revoked now, false when the API did not answer (retried in the background). */
  signOut(token: string): Promise<boolean>;
  /** Tokens whose revoke still waits for the API. */
  pending(): number;
  /** Stops the background retries (tests). */
  stop(): void;
}

export function createSignOuts(revoke: (token: string) => Promise<RevokeOutcome>, { retryMs = RETRY_MS, quickTries = [0, 250, 750] } = {}): SignOuts {
  const waiting = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  function schedule() {
    if (timer || waiting.size === 0) return;
    timer = setTimeout(async () => {
      timer = undefined;
      for (const token of [...waiting]) {
        if ((await revoke(token).catch(() => "unavailable" as const)) === "done") waiting.delete(token);
      }
      schedule();
    }, retryMs);
    timer.unref?.();
  }

  return {
    async signOut(token) {
      for (const wait of quickTries) {
        if (wait) await pause(wait);
        if ((await revoke(token).catch(() => "unavailable" as const)) === "done") return true;
      }
      waiting.add(token);
      schedule();
      return false;
    },
    pending: () => waiting.size,
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** POST /logout with the token: any answer of the API but an outage means the token is no longer valid. */
async function revokeThroughApi(token: string): Promise<RevokeOutcome> {
  try {
    await createApi({ request: new Request("http://portal.invalid/logout", { method: "POST" }), token, signInPage: true }).post("/logout");
    return "done";
  } catch (error) {
    return error instanceof Response && error.status >= 500 ? "unavailable" : "done";
  }
}

export const signOuts = createSignOuts(revokeThroughApi);
