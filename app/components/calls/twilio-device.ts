/**
 * The real device: Twilio's Voice SDK, loaded only when the API issues a Twilio token (never in the first load of
 * any page, nor in the sandbox). Its events are the spec's: ringing at the callee → accept (ringing), answered →
 * connect (connected).
 */
import { CALL_TIMERS, CODEC_PREFERENCES } from "#contract/call-constants";
import type { CallEvent, VoiceCall, VoiceDevice } from "./call-machine";

export async function createTwilioDevice(token: string): Promise<VoiceDevice> {
  const { Device, Call } = await import("@twilio/voice-sdk");
  const codecs = { opus: Call.Codec.Opus, pcmu: Call.Codec.PCMU } as const;
  // Opus, then PCMU (CODEC_PREFERENCES); the token is refreshed 10 s before it expires (TokenWillExpire).
  let device: InstanceType<typeof Device> | null = new Device(token, {
    codecPreferences: CODEC_PREFERENCES.map((c) => codecs[c]),
    tokenRefreshMs: CALL_TIMERS.tokenRefreshMarginMs,
    closeProtection: true,
  });
  return {
    get isRegistered() {
      return device?.state === Device.State.Registered;
    },
    register: () => device!.register(),
    async connect(params) {
      const call = await device!.connect({ params });
      const wrapped: VoiceCall = {
        get sid() {
          return call.parameters?.CallSid ?? null;
        },
        on(event: CallEvent, listener) {
          const source = { accept: "ringing", connect: "accept", disconnect: "disconnect", cancel: "cancel", reject: "reject", error: "error" }[event];
          call.on(source, (arg: unknown) => (event === "error" ? listener(arg as { code?: number; message?: string }) : listener()));
        },
        disconnect: () => call.disconnect(),
        sendDigits: (digits) => call.sendDigits(digits),
      };
      return wrapped;
    },
    updateToken: (next) => device!.updateToken(next),
    onTokenWillExpire: (listener) => device!.on(Device.EventName.TokenWillExpire, listener),
    onError: (listener) => device!.on(Device.EventName.Error, listener),
    destroy() {
      device?.destroy();
      device = null;
    },
  };
}
