import { describe, expect, it } from "vitest";
import { FOREIGN_ORIGIN_MESSAGE, FORM_TYPES_MESSAGE, NO_BOUNDARY_MESSAGE, refusalOf } from "#app/lib/request-refusal";

const headers = (h: Record<string, string>) => new Headers(h);

describe("requests refused before any route", () => {
  it.each([
    ["GET", { "content-type": "application/json" }, null],
    ["HEAD", { origin: "garbage" }, null],
    ["POST", { "content-type": "application/x-www-form-urlencoded" }, null],
    ["POST", { "content-type": "application/x-www-form-urlencoded;charset=UTF-8", origin: "http://localhost:3000" }, null],
    ["POST", { "content-type": "multipart/form-data; boundary=----x" }, null],
    ["POST", { "content-type": 'multipart/form-data; boundary="quoted"' }, null],
    ["POST", { "content-type": "application/x-www-form-urlencoded", origin: "null" }, null],
    ["POST", { "content-type": "application/x-www-form-urlencoded", origin: "garbage" }, { status: 403, message: FOREIGN_ORIGIN_MESSAGE }],
    ["POST", { "content-type": "application/x-www-form-urlencoded", origin: "http://" }, { status: 403, message: FOREIGN_ORIGIN_MESSAGE }],
    ["DELETE", { origin: "::::" }, { status: 403, message: FOREIGN_ORIGIN_MESSAGE }],
    ["POST", { "content-type": "application/json" }, { status: 415, message: FORM_TYPES_MESSAGE }],
    ["POST", { "content-type": "text/plain" }, { status: 415, message: FORM_TYPES_MESSAGE }],
    ["PUT", {}, { status: 415, message: FORM_TYPES_MESSAGE }],
    ["POST", { "content-type": "multipart/form-data" }, { status: 400, message: NO_BOUNDARY_MESSAGE }],
    ["POST", { "content-type": "multipart/form-data; boundary=" }, { status: 400, message: NO_BOUNDARY_MESSAGE }],
  ] as const)("%s %j → %j", (method, h, expected) => {
    expect(refusalOf(method, headers(h))).toEqual(expected);
  });
});
