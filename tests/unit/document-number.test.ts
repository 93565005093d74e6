import { describe, expect, it } from "vitest";
import { DEFAULT_NUMBER_FORMATS, formatDocumentNumber, numberFormatBodySchema, NUMBER_FORMAT_MESSAGES } from "#contract/sales-documents";

describe("quote and invoice numbers", () => {
  it.each([
    ["QUO-", 4, 1, "QUO-0001"],
    ["INV-", 4, 42, "INV-0042"],
    ["INV-", 4, 12345, "INV-12345"], // wider than the width: shown whole
    ["", 1, 7, "7"],
    ["BB/Q/", 6, 2, "BB/Q/000002"],
  ])("%j, width %i, number %i → %s", (prefix, width, n, text) => {
    expect(formatDocumentNumber(prefix, width, n)).toBe(text);
  });

  it("defaults to QUO-0001 and INV-0001", () => {
    expect(formatDocumentNumber(DEFAULT_NUMBER_FORMATS.quote.prefix, DEFAULT_NUMBER_FORMATS.quote.width, 1)).toBe("QUO-0001");
    expect(formatDocumentNumber(DEFAULT_NUMBER_FORMATS.invoice.prefix, DEFAULT_NUMBER_FORMATS.invoice.width, 1)).toBe("INV-0001");
  });

  it.each([
    [{ prefix: "Q-", width: 4 }, null],
    [{ prefix: "", width: "3" }, null],
    [{ prefix: "Q 1", width: 4 }, { prefix: [NUMBER_FORMAT_MESSAGES.prefix] }],
    [{ prefix: "<b>", width: 4 }, { prefix: [NUMBER_FORMAT_MESSAGES.prefix] }],
    [{ prefix: "X".repeat(21), width: 4 }, { prefix: [NUMBER_FORMAT_MESSAGES.prefix] }],
    [{ prefix: "Q", width: 0 }, { width: [NUMBER_FORMAT_MESSAGES.width] }],
    [{ prefix: "Q", width: 11 }, { width: [NUMBER_FORMAT_MESSAGES.width] }],
    [{ prefix: "Q", width: 2.5 }, { width: [NUMBER_FORMAT_MESSAGES.width] }],
  ])("format %j → errors %j", (body, errors) => {
    const r = numberFormatBodySchema.safeParse(body);
    if (errors === null) expect(r.success).toBe(true);
    else expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), [i.message]]))).toEqual(errors);
  });
});
