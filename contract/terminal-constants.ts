/**
 * Card terminals' constants, apart from the zod schemas (contract/terminal-app.ts): the portal's pages and the
 * terminal-reader island read them in the browser, and page JavaScript carries no zod.
 */

/** Sort fields of the lists ('-' for descending). */
export const TERMINAL_LOCATION_SORTS = ["display_name", "city", "created_at"] as const;
export const TERMINAL_READER_KEY_SORTS = ["reader_name", "location", "created_at"] as const;
export const TERMINAL_READER_SORTS = ["label", "location", "created_at"] as const;

/** How long the reader screen stays unlocked after the right PIN. */
export const TERMINAL_UNLOCK_MINUTES = 5;
/** Wrong PINs allowed within TERMINAL_PIN_WINDOW_MINUTES before the screen waits. */
export const TERMINAL_PIN_MAX_FAILURES = 5;
export const TERMINAL_PIN_WINDOW_MINUTES = 15;

/** A reader key's password: at least this long. */
export const READER_PASSWORD_MIN = 8;

export const TERMINAL_MESSAGES = {
  displayName: "Enter the location's name.",
  displayNameTaken: "A location with this name already exists.",
  line1: "Enter the first line of the address.",
  city: "Enter the town or city.",
  postalCode: "Enter a valid UK postcode.",
  tooLong: (max: number) => `Use ${max} characters or fewer.`,
  location: "Choose a location.",
  readerName: "Enter the reader's name.",
  readerNameTaken: "A reader key with this name already exists.",
  password: `The password must be at least ${READER_PASSWORD_MIN} characters.`,
  passwordsDiffer: "The passwords differ.",
  registrationCode: "Enter the registration code shown on the reader.",
  label: "Enter a name for the reader.",
  reader: "Choose a reader.",
  amount: "Enter an amount in pounds and pence, like 12.50.",
  amountMin: "The amount must be at least £0.30.",
  amountOrInvoice: "Enter an amount or choose an invoice.",
  invoice: "Choose a sent invoice that is not paid.",
  key: "The form has expired: open it again.",
  pin: "Enter your PIN.",
  pinWrong: "The PIN is not right.",
  pinThrottled: "Too many wrong PINs. Please wait a while and try again.",
  pinNotAllowed: "A PIN is not enabled for your account: ask an administrator to allow one, then set it in your profile (SB Pro Terminal).",
  pinNotSet: "You have no PIN yet: set one in your profile, under SB Pro Terminal.",
  locked: "The reader screen is locked: enter your PIN.",
  readerBusy: "This reader is busy with another payment.",
  notSimulated: "Test cards can only be presented on a simulated reader.",
  notWaiting: "This payment is not waiting for a card.",
  alreadyApproved: "This payment is approved: refund it in Customer transactions instead.",
  providerDown: "The card-terminal provider did not answer. Nothing was charged twice: try again.",
  locationInUse: "Delete this location's readers first.",
  card: "Choose a test card.",
} as const;

export const TERMINAL_PAYMENT_STATUS_LABELS: Record<string, string> = {
  starting: "Starting",
  waiting: "Waiting for card",
  approved: "Approved",
  declined: "Declined",
  cancelled: "Cancelled",
};

/** The test cards a simulated reader can be given (Stripe's card_present test numbers). */
export const TERMINAL_TEST_CARDS = [
  { number: "4242424242424242", label: "Visa: approved", outcome: "approved" },
  { number: "5555555555554444", label: "Mastercard: approved", outcome: "approved" },
  { number: "4000000000000002", label: "Declined: card_declined", outcome: "card_declined" },
  { number: "4000000000009995", label: "Declined: insufficient_funds", outcome: "insufficient_funds" },
  { number: "4000000000000069", label: "Declined: expired_card", outcome: "expired_card" },
] as const;

/** Registration codes of the sandbox's simulated readers. */
export const SIMULATED_READER_CODES = ["simulated-wpe", "simulated-wp3"] as const;

/** Terminal hardware types (business-domain: Wise POS E, Wise Pad 3) and the simulated ones, by device type. */
export const READER_DEVICE_LABELS: Record<string, string> = {
  bbpos_wisepos_e: "Wise POS E",
  bbpos_wisepad3: "Wise Pad 3",
  bbpos_wisepad_3: "Wise Pad 3",
  simulated_wisepos_e: "Wise POS E (simulated)",
  simulated_wisepad_3: "Wise Pad 3 (simulated)",
  simulated_stripe_s700: "Stripe S700 (simulated)",
};
