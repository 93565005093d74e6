import { describe, expect, it } from "vitest";
import { accountNameError, accountNumberError, BANK_MESSAGES, checkBankDetails, normaliseAccountNumber, sortCodeError } from "#common/bank-details";

describe("account number", () => {
  it.each([
    ["12345678", null],
    ["1234 5678", null],
    ["1234-5678", null],
    [" 00012345 ", null],
    ["1234567", BANK_MESSAGES.accountNumber],
    ["123456789", BANK_MESSAGES.accountNumber],
    ["1234567a", BANK_MESSAGES.accountNumber],
    ["", BANK_MESSAGES.accountNumber],
    ["00000000", BANK_MESSAGES.accountNumberZero],
  ])("%j → %j", (input, message) => {
    expect(accountNumberError(input)).toBe(message);
  });

  it("numbers typed as numbers count too, and separators are dropped", () => {
    expect(accountNumberError(12345678)).toBeNull();
    expect(normaliseAccountNumber("12 34-56 78")).toBe("12345678");
  });
});

describe("sort code: 6 digits, plain or in pairs", () => {
  it.each([
    ["123456", null],
    ["12-34-56", null],
    ["12 34 56", null],
    [" 12-34-56 ", null],
    ["12-3456", BANK_MESSAGES.sortCode],
    ["1-23456", BANK_MESSAGES.sortCode],
    ["12-34-5", BANK_MESSAGES.sortCode],
    ["12-34-567", BANK_MESSAGES.sortCode],
    ["12.34.56", BANK_MESSAGES.sortCode],
    ["ab-cd-ef", BANK_MESSAGES.sortCode],
    ["", BANK_MESSAGES.sortCode],
    ["00-00-00", BANK_MESSAGES.sortCodeZero],
  ])("%j → %j", (input, message) => {
    expect(sortCodeError(input)).toBe(message);
  });
});

describe("account name", () => {
  it.each([
    ["Crumb & Co Bakers Ltd", null],
    ["J O'Neill", null],
    ["Café Rouge (Leeds)", null],
    ["Smith-Jones, A. / B.", null],
    ["", BANK_MESSAGES.accountNameRequired],
    ["   ", BANK_MESSAGES.accountNameRequired],
    ["A".repeat(70), null],
    ["A".repeat(71), BANK_MESSAGES.accountNameTooLong],
    ["Name <b>", BANK_MESSAGES.accountNameCharacters],
    ["Pay@me", BANK_MESSAGES.accountNameCharacters],
  ])("%j → %j", (input, message) => {
    expect(accountNameError(input)).toBe(message);
  });
});

describe("all three together", () => {
  it("answers the stored form when valid", () => {
    expect(checkBankDetails({ account_name: " Crumb Ltd ", account_number: "1234 5678", sort_code: "123456" })).toEqual({
      valid: true,
      errors: {},
      value: { account_name: "Crumb Ltd", account_number: "12345678", sort_code: "12-34-56" },
    });
  });

  it("answers every error at once, and treats missing or non-text fields as empty", () => {
    expect(checkBankDetails({})).toEqual({
      valid: false,
      errors: { account_name: [BANK_MESSAGES.accountNameRequired], account_number: [BANK_MESSAGES.accountNumber], sort_code: [BANK_MESSAGES.sortCode] },
    });
    expect(checkBankDetails({ account_name: ["a"], account_number: { x: 1 }, sort_code: null }).valid).toBe(false);
  });
});
