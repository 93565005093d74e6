// The choices of a document's page (apart from kinds.ts, so the lists do not ship them).

/** The methods an invoice may be paid by (as the API knows them). */
export const PAYMENT_METHOD_OPTIONS = [
  { value: "bank_transfer", label: "Bank transfer" },
  { value: "card", label: "Card" },
  { value: "cash", label: "Cash" },
  { value: "cheque", label: "Cheque" },
  { value: "direct_debit", label: "Direct debit" },
  { value: "other", label: "Other" },
] as const;

export const VAT_RATE_OPTIONS = [
  { value: "20", label: "20%" },
  { value: "5", label: "5%" },
  { value: "0", label: "0%" },
] as const;
