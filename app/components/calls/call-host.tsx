import { lazy, Suspense, useEffect, useState } from "react";
import type { CallEntityType } from "#contract/call-constants";

/** What the Call button asks the call panel (window event "portal:call", heard by CallHost in the frame). */
export interface CallDetail {
  entityType: CallEntityType;
  entityId: number;
  name: string;
}

export const CALL_EVENT = "portal:call";

// The call panel is a client island: its chunk (and, for real calls, Twilio's SDK) is fetched on the first Call.
const CallIsland = lazy(() => import("./call-island"));

/**
 * In the frame: waits for a Call button's request and then mounts the call panel, which stays mounted (and the
 * call going) while the user moves between the portal's pages.
 */
export function CallHost({ canMakePhoneCalls }: { canMakePhoneCalls: boolean }) {
  const [request, setRequest] = useState<(CallDetail & { seq: number }) | null>(null);
  useEffect(() => {
    let seq = 0;
    const onCall = (event: Event) => setRequest({ ...(event as CustomEvent<CallDetail>).detail, seq: ++seq });
    window.addEventListener(CALL_EVENT, onCall);
    return () => window.removeEventListener(CALL_EVENT, onCall);
  }, []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <CallIsland request={request} canMakePhoneCalls={canMakePhoneCalls} />
    </Suspense>
  );
}
