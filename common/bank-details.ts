/**
 * UK bank account details (spec §5: "Bank details are checked by a validation call with account_name,
 * account_number, sort_code"). Pure and isomorphic: the API's validation call and forms use the same
 * rules, and the portal can show the same messages while typing.
 *
 * - account name: 1–70 characters of letters, digits, spaces and & ' - . , / ( );
 * - account number: exactly 8 digits (spaces and hyphens typed between them are ignored), not all zeros;
 * - sort code: 6 digits, written "123456" or in pairs "12-34-56" / "12 34 56", not 00-00-00.
 */
import { formatSortCode, SORT_CODE_MESSAGE, sortCodeDigits } from "./sort-code";

export const BANK_MESSAGES = {
  accountNameRequired: "Enter the account name.",
  accountNameTooLong: "The account name may not be longer than 70 characters.",
  accountNameCharacters: "The account name may only contain letters, numbers, spaces and & ' - . , / ( ).",
  accountNumber: "Enter an 8-digit account number.",
  accountNumberZero: "Enter a real account number.",
  sortCode: SORT_CODE_MESSAGE,
  sortCodeZero: "Enter a real sort code.",
} as const;

export const ACCOUNT_NAME_MAX = 70;
const ACCOUNT_NAME_CHARACTERS = /^[\p{L}\p{M}0-9 &'\-.,/()]+$/u;
const SORT_CODE_FORMAT = /^(?:\d{6}|\d{2}-\d{2}-\d{2}|\d{2} \d{2} \d{2})$/;

export interface BankDetailsInput {
  account_name?: unknown;
  account_number?: unknown;
  sort_code?: unknown;
}

export interface BankDetails {
  account_name: string;
  /** 8 digits. */
  account_number: string;
  /** "12-34-56". */
  sort_code: string;
}

export type BankDetailsErrors = Partial<Record<keyof BankDetails, string[]>>;

export type BankDetailsResult = { valid: true; value: BankDetails; errors: Record<string, never> } | { valid: false; errors: BankDetailsErrors };

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** The message for an account name, or null when it is fine. */
export function accountNameError(raw: unknown): string | null {
  const name = text(raw).trim();
  if (name === "") return BANK_MESSAGES.accountNameRequired;
  if (name.length > ACCOUNT_NAME_MAX) return BANK_MESSAGES.accountNameTooLong;
  if (!ACCOUNT_NAME_CHARACTERS.test(name)) return BANK_MESSAGES.accountNameCharacters;
  return null;
}

/** The account number without the spaces and hyphens a person may type: "1234 5678" → "12345678". */
export function normaliseAccountNumber(raw: unknown): string {
  return text(raw).trim().replace(/[\s-]/g, "");
}

export function accountNumberError(raw: unknown): string | null {
  const digits = normaliseAccountNumber(raw);
  if (!/^\d{8}$/.test(digits)) return BANK_MESSAGES.accountNumber;
  if (/^0+$/.test(digits)) return BANK_MESSAGES.accountNumberZero;
  return null;
}

export function sortCodeError(raw: unknown): string | null {
  const value = text(raw).trim();
  if (!SORT_CODE_FORMAT.test(value)) return BANK_MESSAGES.sortCode;
  if (sortCodeDigits(value) === "000000") return BANK_MESSAGES.sortCodeZero;
  return null;
}

/** Checks all three fields at once, so every message comes back together. */
export function checkBankDetails(input: BankDetailsInput): BankDetailsResult {
  const errors: BankDetailsErrors = {};
  const nameError = accountNameError(input.account_name);
  const numberError = accountNumberError(input.account_number);
  const codeError = sortCodeError(input.sort_code);
  if (nameError) errors.account_name = [nameError];
  if (numberError) errors.account_number = [numberError];
  if (codeError) errors.sort_code = [codeError];
  if (nameError || numberError || codeError) return { valid: false, errors };
  return {
    valid: true,
    errors: {},
    value: {
      account_name: text(input.account_name).trim(),
      account_number: normaliseAccountNumber(input.account_number),
      sort_code: formatSortCode(text(input.sort_code)),
    },
  };
}
