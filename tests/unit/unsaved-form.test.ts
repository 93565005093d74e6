import { describe, expect, it } from "vitest";
import { fieldLabel, shownFields, unsavedForm, unsavedFormOf, type UnsavedForm } from "#app/lib/unsaved-form";

/** A posted form from its query string (repeated names repeated), with `files` appended. */
const form = (query: string, files: Record<string, File> = {}) => {
  const f = new FormData();
  for (const [k, v] of new URLSearchParams(query)) f.append(k, v);
  for (const [k, v] of Object.entries(files)) f.append(k, v);
  return f;
};
const pairs = (query: string) => [...new URLSearchParams(query)];
/** The kept fields as a query string, in order. */
const kept = (unsaved: UnsavedForm | undefined) => (unsaved ? new URLSearchParams(unsaved.fields).toString() : undefined);

describe("what a form sent during an outage", () => {
  it("keeps its text fields in order, repeated names repeated, the intent and hidden fields included", () => {
    const unsaved = unsavedForm(form("intent=add&name=Sales&user_ids=3&user_ids=5&note=&row_id=12"));
    expect(kept(unsaved)).toBe("intent=add&name=Sales&user_ids=3&user_ids=5&note=&row_id=12");
    expect(unsaved.left).toBe(false);
  });

  it.each(["password", "current_password", "password_confirmation", "pin", "confirm_pin", "api-token", "client_secret", "PASSWORD"])(
    "never keeps the secret %s, and says something was left out",
    (name) => {
      const unsaved = unsavedForm(form(`name=Ann&${name}=hunter2`));
      expect(kept(unsaved)).toBe("name=Ann");
      expect(unsaved.left).toBe(true);
    },
  );

  it("keeps fields whose names only contain a secret's letters", () => {
    expect(kept(unsavedForm(form("pinned=yes&spinner=1&tokenised=no")))).toBe("pinned=yes&spinner=1&tokenised=no");
  });

  it("leaves files out; only a chosen file or a typed secret counts as left out", () => {
    expect(unsavedForm(form("name=Ann&password=", { document: new File([], "") }))).toEqual({ fields: pairs("name=Ann"), left: false });
    expect(unsavedForm(form("name=Ann", { document: new File(["%PDF"], "a.pdf") }))).toEqual({ fields: pairs("name=Ann"), left: true });
  });
});

describe("the sent form in the router's action data", () => {
  const unsaved = { fields: pairs("intent=rename&name=Sales"), left: false };

  it("is found under `unsaved` of whichever route's action answered", () => {
    expect(unsavedFormOf({ "routes/_app.roles.new": { result: { status: "error" }, unsaved } })).toEqual(unsaved);
    expect(unsavedFormOf({ "routes/_app": undefined, "routes/_app.team.$id": { intent: "rename", errors: {}, unsaved } })).toEqual(unsaved);
  });

  it.each([
    ["no action data", null],
    ["no action data either", undefined],
    ["an answer without it (a 422)", { "routes/_app.roles.new": { result: { status: "error" } } }],
    ["an answer with it undefined", { "routes/_app.roles.new": { errors: [], unsaved: undefined } }],
    ["a field that is not two strings", { "routes/x": { unsaved: { fields: [["name", 3]] } } }],
    ["fields that are not a list", { "routes/x": { unsaved: { fields: "name=Sales" } } }],
    ["an answer that is not an object", { "routes/x": "text" }],
  ])("is not there with %s", (_, actionData) => {
    expect(unsavedFormOf(actionData as Record<string, unknown> | null | undefined)).toBeUndefined();
  });

  it("never passes a secret on, even if an answer carried one", () => {
    const carried = unsavedFormOf({ "routes/x": { unsaved: { fields: pairs("name=Ann&password=hunter2"), left: true } } });
    expect(kept(carried)).toBe("name=Ann");
    expect(carried?.left).toBe(true);
  });
});

describe("what the 503 page shows of it", () => {
  it.each([
    ["name", "Name"],
    ["first_name", "First name"],
    ["user_ids", "User ids"],
    ["expected-revenue", "Expected revenue"],
    ["confidenceInClientId", "Confidence in client id"],
    ["stages[0].name", "Stages 0 name"],
    ["_", "_"],
  ])("labels %s as %s", (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });

  it("shows each field once with its values, not the intent, not the empty ones", () => {
    expect(shownFields({ fields: pairs("intent=add&name=Sales&user_ids=3&note=+&user_ids=5"), left: false })).toEqual([
      { name: "name", label: "Name", values: ["Sales"] },
      { name: "user_ids", label: "User ids", values: ["3", "5"] },
    ]);
  });
});
