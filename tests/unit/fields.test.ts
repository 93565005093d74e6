import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  checkbox,
  DATE_MESSAGES,
  dateText,
  IMAGE_ONLY_MESSAGE,
  imageFile,
  NUMBER_MESSAGES,
  numericText,
  optionalText,
  requiredText,
  selectValue,
  SORT_CODE_MESSAGE,
  sortCode,
  sortCodeDigitsOnly,
  TEXT_MESSAGES,
  uploadedFile,
} from "#contract/fields";
import { parseDateText } from "#common/dates";
import { fileIconKind, fileTypeFromName, isImageMimeType, matchesAccept } from "#common/file-types";
import { normaliseNumericText, type NumericOptions } from "#common/numbers";
import { formatSortCode } from "#common/sort-code";

function messages(result: { success: boolean; error?: z.ZodError }): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe("numericText: the server gives what the browser's rules give", () => {
  it.each<[NumericOptions, string, number]>([
    [{}, "12", 12],
    [{}, "-12.5", -12.5],
    [{ min: 10 }, "5", 10],
    [{ max: 100 }, "150", 100],
    [{ decimals: 2 }, "1.005", 1.01],
    [{ decimals: 0 }, "2.5", 3],
    [{ allowNegative: false }, "4", 4],
    [{ thousands: true }, "1,234.56", 1234.56],
    [{ thousands: true, decimals: 2, max: 1000 }, "GBP 1,234.567", 1000],
  ])("%j: %j → %s", (options, text, value) => {
    const result = numericText(options).safeParse(text);
    expect(result).toEqual({ success: true, data: value });
    expect(normaliseNumericText(text, options)).toBe(String(value));
  });

  it.each<[NumericOptions & { required?: string }, unknown, string]>([
    [{}, "1..2", NUMBER_MESSAGES.invalid],
    [{}, "1.2.3", NUMBER_MESSAGES.invalid],
    [{}, "--1", NUMBER_MESSAGES.invalid],
    [{}, "1/2/3", NUMBER_MESSAGES.invalid],
    [{}, "1e5", NUMBER_MESSAGES.invalid],
    [{}, "abc", NUMBER_MESSAGES.invalid],
    [{}, "1,234", NUMBER_MESSAGES.invalid],
    [{}, "", NUMBER_MESSAGES.required],
    [{}, undefined, NUMBER_MESSAGES.required],
    [{ required: "Enter the amount." }, undefined, "Enter the amount."],
    [{ thousands: true }, "abc", NUMBER_MESSAGES.required],
    // A negative where none is allowed is refused with its own message, never saved as 0.
    [{ allowNegative: false }, "-4", NUMBER_MESSAGES.negative],
    [{ allowNegative: false, min: 0, decimals: 2 }, "-500", NUMBER_MESSAGES.negative],
  ])("%j: %j → %j", (options, text, message) => {
    expect(messages(numericText(options).safeParse(text))).toEqual([message]);
  });

  it("is optional with .optional() (conform sends undefined for an empty field)", () => {
    expect(numericText().optional().safeParse(undefined)).toEqual({ success: true, data: undefined });
  });
});

describe("sortCode: 6 digits, stored as 12-34-56", () => {
  it.each([
    ["123456", "12-34-56"],
    ["12-34-56", "12-34-56"],
    ["12 34 56", "12-34-56"],
    [" 12.34.56 ", "12-34-56"],
  ])("%j → %j", (text, stored) => {
    expect(sortCode.safeParse(text)).toEqual({ success: true, data: stored });
    expect(formatSortCode(text)).toBe(stored);
  });

  it.each([["12345"], ["1234567"], ["12-34-5"], [""], ["abcdef"], [undefined], [123456]])("%j → 'Enter a 6-digit sort code.'", (text) => {
    expect(messages(sortCode.safeParse(text))).toEqual([SORT_CODE_MESSAGE]);
  });

  it("digits only for an API that wants them", () => {
    expect(sortCodeDigitsOnly.safeParse("12-34-56")).toEqual({ success: true, data: "123456" });
  });
});

describe("dateText: year-month-day, a real date, within 200 years of today", () => {
  const today = () => "2026-03-15";
  it.each([
    ["2026-03-15", null],
    ["1826-03-15", null],
    ["2226-03-15", null],
    ["2028-02-29", null],
    ["15/03/2026", DATE_MESSAGES.format],
    ["2026-3-15", DATE_MESSAGES.format],
    ["", DATE_MESSAGES.format],
    ["2026-02-29", DATE_MESSAGES.real],
    ["2026-02-30", DATE_MESSAGES.real],
    ["2026-13-01", DATE_MESSAGES.real],
    ["1826-03-14", DATE_MESSAGES.range],
    ["2226-03-16", DATE_MESSAGES.range],
  ])("%j → %j", (text, message) => {
    const result = dateText({ today }).safeParse(text);
    expect(messages(result)).toEqual(message ? [message] : []);
    const lib = parseDateText(text, today());
    expect(lib.ok ? null : lib.message).toBe(message);
  });

  it("messages are the spec's", () => {
    expect(DATE_MESSAGES).toEqual({
      format: "Enter a date as year-month-day.",
      real: "Enter a real date.",
      range: "Enter a date within 200 years of today.",
    });
    expect(messages(dateText().safeParse(undefined))).toEqual([DATE_MESSAGES.format]);
  });

  it("reads today when parsing, not when the schema was made", () => {
    let now = "2026-03-15";
    const schema = dateText({ today: () => now });
    expect(schema.safeParse("2226-03-16").success).toBe(false);
    now = "2026-03-16";
    expect(schema.safeParse("2226-03-16").success).toBe(true);
  });
});

describe("text, select and checkbox fields", () => {
  it.each([
    ["  Acme  ", null, "Acme"],
    ["   ", "Enter a name.", undefined],
    [undefined, "Enter a name.", undefined],
    ["x".repeat(256), TEXT_MESSAGES.tooLong(255), undefined],
  ])("requiredText %j", (text, message, data) => {
    const result = requiredText("Enter a name.").safeParse(text);
    expect(messages(result)).toEqual(message ? [message] : []);
    if (!message) expect(result.data).toBe(data);
  });

  it.each([
    ["", undefined],
    ["  ", undefined],
    [undefined, undefined],
    [" a ", "a"],
  ])("optionalText %j → %j", (text, data) => {
    expect(optionalText().safeParse(text)).toEqual({ success: true, data });
  });

  it.each([
    ["open", null],
    ["", TEXT_MESSAGES.choose],
    [undefined, TEXT_MESSAGES.choose],
    ["other", TEXT_MESSAGES.choose],
  ])("selectValue %j", (value, message) => {
    expect(messages(selectValue({ values: ["open", "closed"] }).safeParse(value))).toEqual(message ? [message] : []);
  });

  it.each([
    ["on", true],
    [undefined, false],
    ["", false],
    ["false", false],
  ])("checkbox %j → %s", (value, data) => {
    expect(checkbox.safeParse(value)).toEqual({ success: true, data });
  });
});

describe("files: image uploads accept image/* only", () => {
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
  it.each([
    [file("logo.png", "image/png"), null],
    [file("logo.jpg", "image/jpeg"), null],
    [file("logo.svg", "image/svg+xml"), null],
    [file("report.pdf", "application/pdf"), IMAGE_ONLY_MESSAGE],
    [file("logo.png", "text/html"), IMAGE_ONLY_MESSAGE],
    [file("", "application/octet-stream", 0), TEXT_MESSAGES.file],
    ["logo.png", TEXT_MESSAGES.file],
    [undefined, TEXT_MESSAGES.file],
  ])("%#: imageFile → %j", (value, message) => {
    expect(messages(imageFile().safeParse(value))).toEqual(message ? [message] : []);
  });

  it("limits the size when asked", () => {
    expect(messages(imageFile({ maxBytes: 5 }).safeParse(file("a.png", "image/png", 6)))).toEqual([TEXT_MESSAGES.fileTooLarge(5)]);
    expect(messages(uploadedFile({ accept: ".pdf,.docx" }).safeParse(file("a.docx", "")))).toEqual([]);
    expect(messages(uploadedFile({ accept: ".pdf" }).safeParse(file("a.png", "image/png")))).toEqual([TEXT_MESSAGES.fileType]);
  });

  it.each([
    ["jpg", "image"],
    ["jpeg", "image"],
    ["png", "image"],
    ["PNG", "image"],
    [".pdf", "pdf"],
    ["doc", "word"],
    ["docx", "word"],
    ["xls", "excel"],
    ["xlsx", "excel"],
    ["pdf", "pdf"],
    ["csv", "file"],
    ["", "file"],
    [null, "file"],
  ])("file_type %j → %s icon", (type, kind) => {
    expect(fileIconKind(type)).toBe(kind);
  });

  it.each([
    ["logo.PNG", "png"],
    ["/files/report.final.pdf?v=2#x", "pdf"],
    ["https://cdn.example/a/b.docx", "docx"],
    ["README", null],
    [".env", null],
    ["", null],
  ])("extension of %j → %j", (name, ext) => {
    expect(fileTypeFromName(name)).toBe(ext);
  });

  it.each([
    ["image/*", { type: "image/png", name: "a.png" }, true],
    ["image/*", { type: "application/pdf", name: "a.pdf" }, false],
    ["application/pdf", { type: "application/pdf", name: "a.pdf" }, true],
    [".xls, .xlsx", { type: "", name: "book.XLSX" }, true],
    ["", { type: "text/plain", name: "a.txt" }, true],
  ])("accept %j for %j: %s", (accept, f, ok) => {
    expect(matchesAccept(accept, f)).toBe(ok);
  });

  it.each([
    ["image/png", true],
    ["image/svg+xml", true],
    ["text/html", false],
    ["", false],
  ])("%j is an image type: %s", (type, ok) => {
    expect(isImageMimeType(type)).toBe(ok);
  });
});
