import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUBMISSION_FIELD } from "#app/lib/submission";
import { shownFields, unsavedForm } from "#app/lib/unsaved-form";
import { formOf, idempotencyKey, newSubmissionKey, noteSubmission, paramsOf } from "#app/services/submission.server";

const KEY = "4f0c2a9e-8d1b-4c3a-9f6e-2b7d5e1a0c93";
const api = new URL("http://api.test/task");

function posted(fields: Record<string, string>, path = "/tasks/new") {
  return new Request(`http://portal.test${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

/** The keys the API calls of one action get, for a form sent once. */
async function keysOf(fields: Record<string, string>, calls: [string, URL, unknown][]) {
  const request = posted(fields);
  await formOf(request);
  const keys: (string | undefined)[] = [];
  for (const [method, url, body] of calls) keys.push(await idempotencyKey(request, method, url, body));
  return keys;
}

describe("a change's Idempotency-Key, from the form's submission key", () => {
  it("is the same for the same form sent again, and differs for another page's key, another change or another body", async () => {
    const form = { [SUBMISSION_FIELD]: KEY, name: "Renewal" };
    const [once] = await keysOf(form, [["POST", api, { name: "Renewal" }]]);
    const [again] = await keysOf(form, [["POST", api, { name: "Renewal" }]]);
    expect(once).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again).toBe(once);
    const [otherPage] = await keysOf({ ...form, [SUBMISSION_FIELD]: newSubmissionKey() }, [["POST", api, { name: "Renewal" }]]);
    const [otherBody] = await keysOf(form, [["POST", api, { name: "Renewal 2" }]]);
    const [otherPath] = await keysOf(form, [["POST", new URL("http://api.test/task?x=1"), { name: "Renewal" }]]);
    const [otherMethod] = await keysOf(form, [["PUT", api, { name: "Renewal" }]]);
    expect(new Set([once, otherPage, otherBody, otherPath, otherMethod]).size).toBe(5);
  });

  it("gives two identical changes of one action two keys (the action asked for both)", async () => {
    const [first, second] = await keysOf({ [SUBMISSION_FIELD]: KEY }, [
      ["POST", api, { name: "x" }],
      ["POST", api, { name: "x" }],
    ]);
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
  });

  it("none without a submission key, or with one that is not the frame's", async () => {
    expect(await keysOf({ name: "x" }, [["POST", api, {}]])).toEqual([undefined]);
    expect(await keysOf({ [SUBMISSION_FIELD]: "short" }, [["POST", api, {}]])).toEqual([undefined]);
    expect(await keysOf({ [SUBMISSION_FIELD]: `${KEY}<script>` }, [["POST", api, {}]])).toEqual([undefined]);
  });

  it("hashes a multipart body by its entries and file bytes, not by its encoding", async () => {
    const body = (bytes: string) => {
      const form = new FormData();
      form.set("name", "Acme");
      form.set("logo", new File([bytes], "logo.png", { type: "image/png" }));
      return form;
    };
    const fields = { [SUBMISSION_FIELD]: KEY };
    const [a] = await keysOf(fields, [["POST", api, body("PNG-1")]]);
    const [b] = await keysOf(fields, [["POST", api, body("PNG-1")]]);
    const [c] = await keysOf(fields, [["POST", api, body("PNG-2")]]);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it("reads the key of a form the action read as search parameters, or did not read at all", async () => {
    const read = posted({ [SUBMISSION_FIELD]: KEY, ids: "1" });
    expect((await paramsOf(read)).getAll("ids")).toEqual(["1"]);
    const unread = posted({ [SUBMISSION_FIELD]: KEY, ids: "1" });
    const fromParams = await idempotencyKey(read, "DELETE", api, undefined);
    expect(fromParams).toBeDefined();
    expect(await idempotencyKey(unread, "DELETE", api, undefined)).toBe(fromParams);
    // A form read without being noted (its body used): no key rather than an error.
    const used = posted({ [SUBMISSION_FIELD]: KEY });
    await used.text();
    expect(await idempotencyKey(used, "POST", api, {})).toBeUndefined();
    expect(noteSubmission(used, new FormData())).toBeInstanceOf(FormData);
  });

  it("is kept in an outage's unsaved form (sent again, it is the same submission) but not shown", () => {
    const form = new FormData();
    form.set(SUBMISSION_FIELD, KEY);
    form.set("name", "Renewal");
    const unsaved = unsavedForm(form);
    expect(unsaved.fields).toContainEqual([SUBMISSION_FIELD, KEY]);
    expect(shownFields(unsaved).map((f) => f.name)).toEqual(["name"]);
  });
});

/** Every source file of the portal. */
function sources(dir = path.join(process.cwd(), "app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe("every form of the frame carries its submission key, and every action notes it", () => {
  const files = sources().map((file) => ({ file: path.relative(process.cwd(), file), text: readFileSync(file, "utf8") }));

  it("no page uses Remix's Form directly (the portal's Form adds the key)", () => {
    const direct = files.filter(
      ({ file, text }) => file !== path.join("app", "components", "form", "form.tsx") && /import \{[^}]*\bForm\b[^}]*\} from "@remix-run\/react"/.test(text),
    );
    expect(direct.map((f) => f.file)).toEqual([]);
  });

  it("no action inside the frame reads its body without noting the key (formOf, paramsOf, readForm)", () => {
    const unnoted = files.filter(
      ({ file, text }) => /_app\b|services/.test(file) && !file.endsWith("submission.server.ts") && /request\.(formData|text)\(\)/.test(text),
    );
    expect(unnoted.map((f) => f.file)).toEqual([]);
  });
});
