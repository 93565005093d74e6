/**
 * Card terminals (Stripe Terminal's words): locations, readers registered to a location, connection tokens for the
 * reader SDK, and server-driven payments: a payment intent (card_present, manual capture) is handed to a reader,
 * the customer presents a card, the intent is captured. The sandbox (default) simulates readers and cards; the
 * Stripe adapter is chosen by STRIPE_SECRET_KEY. Every call that changes something carries an idempotency key;
 * errors are the payments interface's (PaymentRequestError: refused, nothing happened; PaymentProviderUnavailable:
 * not known whether it happened, send again with the same key).
 */
import type { CallOptions, ProviderIntent } from "./types";

export interface TerminalAddress {
  line1: string;
  line2?: string | null;
  city: string;
  postalCode: string;
  /** Always GB here. */
  country: "GB";
}

export interface ProviderLocation {
  id: string;
  displayName: string;
  address: TerminalAddress;
}

/** The payment a reader is working on (Stripe's reader `action` of type process_payment_intent). */
export interface ReaderAction {
  status: "in_progress" | "succeeded" | "failed";
  paymentIntentId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
}

export interface ProviderReader {
  id: string;
  label: string;
  locationId: string;
  /** bbpos_wisepos_e, bbpos_wisepad_3, simulated_wisepos_e … */
  deviceType: string;
  serialNumber: string;
  status: "online" | "offline";
  action: ReaderAction | null;
  simulated: boolean;
}

/** A card presented to a simulated reader: a test card number (test-cards.ts), as Stripe's test helper takes it. */
export interface PresentedCard {
  number: string;
}

export interface TerminalProvider {
  readonly kind: "sandbox" | "stripe";
  readonly label: string;
  /** Whether readers can be given a test card here (the sandbox; Stripe in test mode has the same helper). */
  readonly simulated: boolean;

  createLocation(input: { displayName: string; address: TerminalAddress }, options: CallOptions): Promise<ProviderLocation>;
  updateLocation(id: string, input: { displayName: string; address: TerminalAddress }, options: CallOptions): Promise<ProviderLocation>;
  deleteLocation(id: string, options: CallOptions): Promise<void>;

  /** Registers a reader with the code shown on it (sandbox: `simulated-wpe`, `simulated-wp3` make simulated readers). */
  registerReader(input: { registrationCode: string; label: string; locationId: string }, options: CallOptions): Promise<ProviderReader>;
  retrieveReader(id: string): Promise<ProviderReader>;
  deleteReader(id: string, options: CallOptions): Promise<void>;

  /** A short-lived secret for the reader SDK in the browser, limited to a location. */
  connectionToken(input: { locationId?: string }, options: CallOptions): Promise<{ secret: string }>;

  /** A card_present payment intent, manual capture: nothing is taken until it is captured. */
  createIntent(input: { amountPence: number; description: string; metadata: Record<string, string> }, options: CallOptions): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Server-driven: the reader shows the amount and waits for a card. */
  processPaymentIntent(readerId: string, intentId: string, options: CallOptions): Promise<ProviderReader>;
  /** Takes the authorised amount (requires_capture → succeeded). */
  captureIntent(id: string, options: CallOptions): Promise<ProviderIntent>;
  /** Releases an intent not taken. */
  cancelIntent(id: string, options: CallOptions): Promise<ProviderIntent>;
  /** Stops what the reader is doing (the customer has not paid yet). */
  cancelReaderAction(readerId: string, options: CallOptions): Promise<ProviderReader>;
  /** Test mode only: the customer's card on a simulated reader (approved, or declined with the card's reason). */
  presentTestCard(readerId: string, card: PresentedCard, options: CallOptions): Promise<ProviderReader>;
}

/** Registration codes of simulated readers, and the device each makes. */
export const SIMULATED_REGISTRATION_CODES: Record<string, string> = {
  "simulated-wpe": "simulated_wisepos_e",
  "simulated-wp3": "simulated_wisepad_3",
  "simulated-s700": "simulated_stripe_s700",
};
