import { randomBytes } from "node:crypto";
import type Twilio from "twilio";
import type { ApiConfig } from "#api/config";
import { onFirstUse } from "#api/lib/on-first-use";

/** The official `twilio` package, loaded when the Twilio provider is first used (the sandbox is the default). */
const twilio = onFirstUse<typeof Twilio>("twilio");

/**
 * Browser calls, behind one interface. The real provider issues Twilio Voice access tokens with the official
 * `twilio` package and checks the signature of Twilio's webhooks; the sandbox (default: no Twilio settings)
 * issues sandbox tokens and plays a script per number (sandbox-script.ts) that the sandbox device in the browser
 * follows. A sandbox call never reaches a telephone network, and the call log says "sandbox".
 */
export interface VoiceProvider {
  readonly kind: "sandbox" | "twilio";
  /** An access token for the user's device (identity: the user), valid for `ttlSeconds`. */
  issueToken(identity: string, ttlSeconds: number): { token: string; expiresAt: Date };
  /** True when a webhook request really comes from the provider (Twilio's X-Twilio-Signature). */
  validateWebhook(url: string, params: Record<string, string>, signature: string | undefined): boolean;
  /** The TwiML that dials `to` for a call placed by the device (real provider only). */
  dialTwiml(to: string, statusCallbackUrl: string): string;
}

export class SandboxVoice implements VoiceProvider {
  readonly kind = "sandbox" as const;
  issueToken(_identity: string, ttlSeconds: number) {
    return { token: `sandbox.${randomBytes(24).toString("base64url")}`, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
  }
  validateWebhook() {
    // The sandbox has no webhooks: its calls are played by the API itself.
    return false;
  }
  dialTwiml(): string {
    throw new Error("The voice sandbox places no calls through TwiML.");
  }
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  apiKey: string;
  apiSecret: string;
  twimlAppSid: string;
  callerId?: string;
}

export class TwilioVoice implements VoiceProvider {
  readonly kind = "twilio" as const;
  constructor(private readonly settings: TwilioSettings) {}

  issueToken(identity: string, ttlSeconds: number) {
    const { AccessToken } = twilio().jwt;
    const token = new AccessToken(this.settings.accountSid, this.settings.apiKey, this.settings.apiSecret, { identity, ttl: ttlSeconds });
    token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: this.settings.twimlAppSid, incomingAllow: false }));
    return { token: token.toJwt(), expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
  }

  validateWebhook(url: string, params: Record<string, string>, signature: string | undefined) {
    return Boolean(signature) && twilio().validateRequest(this.settings.authToken, signature!, url, params);
  }

  dialTwiml(to: string, statusCallbackUrl: string) {
    const response = new (twilio().twiml.VoiceResponse)();
    const dial = response.dial({ callerId: this.settings.callerId, answerOnBridge: true });
    dial.number({ statusCallback: statusCallbackUrl, statusCallbackEvent: ["initiated", "ringing", "answered", "completed"] }, to);
    return response.toString();
  }
}

export function createVoice(config: ApiConfig): VoiceProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_API_KEY, TWILIO_API_SECRET, TWILIO_TWIML_APP_SID, TWILIO_CALLER_ID } = config;
  if (TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_API_KEY && TWILIO_API_SECRET && TWILIO_TWIML_APP_SID) {
    return new TwilioVoice({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      apiKey: TWILIO_API_KEY,
      apiSecret: TWILIO_API_SECRET,
      twimlAppSid: TWILIO_TWIML_APP_SID,
      callerId: TWILIO_CALLER_ID,
    });
  }
  return new SandboxVoice();
}
