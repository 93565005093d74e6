import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_MESSAGES as M } from "#contract/users";
import { authTokens, users } from "#api/db/schema";
import type { MemoryStorage } from "#api/integrations/storage";
import { verifyPassword } from "#api/lib/passwords";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../helpers/api";
import { sendMultipart, TINY_PNG, type FormValue } from "../helpers/multipart";

let api: TestApi;
const URL = "/api/v1/update-user-profile";

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function row(email: string) {
  const [u] = await api.database.db.select().from(users).where(eq(users.email, email));
  return u;
}
const update = (token: string, fields: Record<string, FormValue>) => sendMultipart(api.app, "POST", URL, fields, token);
const storage = () => api.app.storage as MemoryStorage;

describe("updating one's profile", () => {
  it("changes name, last name and telephone, and answers the fresh user", async () => {
    const token = await api.login("james.wright@harbour.test");
    const me = await row("james.wright@harbour.test");
    const res = await update(token, { id: String(me.id), name: " Jim ", last_name: "Wright-Hale", telephone: "+44 20 7946 0999" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("The profile details have been updated successfully.");
    expect(res.body.data).toMatchObject({
      id: me.id,
      name: "Jim",
      last_name: "Wright-Hale",
      full_name: "Jim Wright-Hale",
      email: "james.wright@harbour.test",
      telephone: "+44 20 7946 0999",
    });
    const fresh = await api.request("GET", "/me", { token });
    expect(fresh.body.data).toEqual(res.body.data);
  });

  it("ignores empty values: blank fields keep what the user has", async () => {
    const token = await api.login("priya.patel@harbour.test");
    const before = await row("priya.patel@harbour.test");
    const res = await update(token, {
      name: "",
      last_name: "   ",
      email: "",
      telephone: "",
      current_password: "",
      password: "",
      password_confirmation: "",
      pin: "",
      confirm_pin: "",
      profile_photo: { file: Buffer.alloc(0), filename: "", type: "application/octet-stream" },
    });
    expect(res.status).toBe(200);
    const after = await row("priya.patel@harbour.test");
    expect(after).toEqual(before);
  });

  it("also takes JSON", async () => {
    const token = await api.login("tom.fletcher@harbour.test");
    const res = await api.request("POST", URL, { token, body: { name: "Thomas" } });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Thomas");
  });

  it("refuses to update anyone else (id of another user)", async () => {
    const token = await api.login("sophie.turner@harbour.test");
    const other = await row("daniel.okafor@harbour.test");
    const res = await update(token, { id: String(other.id), name: "Hacked" });
    expect(res.status).toBe(403);
    expect((await row("daniel.okafor@harbour.test")).name).toBe("Daniel");
    expect((await row("sophie.turner@harbour.test")).name).toBe("Sophie");
  });

  it("needs a signed-in user", async () => {
    expect((await update("", { name: "X" })).status).toBe(401);
  });
});

describe("field rules (422 with an errors map, nothing saved)", () => {
  let token: string;
  let before: typeof users.$inferSelect;
  beforeAll(async () => {
    token = await api.login("emily.chen@harbour.test");
    before = await row("emily.chen@harbour.test");
  });

  it.each<[string, Record<string, FormValue>, Record<string, string[]>]>([
    ["a name too long", { name: "n".repeat(101) }, { name: [M.nameTooLong] }],
    ["a last name too long", { last_name: "l".repeat(101) }, { last_name: [M.lastNameTooLong] }],
    ["an invalid e-mail", { email: "not-an-email" }, { email: [M.emailInvalid] }],
    ["a new e-mail without the current password", { email: "emily.new@harbour.test" }, { current_password: [M.currentPasswordForEmail] }],
    [
      "a new e-mail with a wrong current password",
      { email: "emily.new@harbour.test", current_password: "wrong-password-1" },
      { current_password: [M.currentPasswordWrong] },
    ],
    ["a telephone number too short", { telephone: "12345" }, { telephone: ["The telephone number must be 7 to 20 characters."] }],
    [
      "a telephone number with letters",
      { telephone: "0207 FLOWERS" },
      { telephone: ["Enter a valid telephone number: digits, spaces, brackets and a leading +."] },
    ],
    [
      "a new password without the current one",
      { password: "a-new-password-1", password_confirmation: "a-new-password-1" },
      { current_password: [M.currentPasswordRequired] },
    ],
    [
      "a wrong current password",
      { current_password: "wrong-password-1", password: "a-new-password-1", password_confirmation: "a-new-password-1" },
      { current_password: ["The current password is incorrect."] },
    ],
    [
      "a new password too short",
      { current_password: DEMO_PASSWORD, password: "short-11chr", password_confirmation: "short-11chr" },
      { password: [M.passwordTooShort] },
    ],
    [
      "a confirmation that does not match",
      { current_password: DEMO_PASSWORD, password: "a-new-password-1", password_confirmation: "a-new-password-2" },
      { password_confirmation: [M.passwordMismatch] },
    ],
    ["a confirmation without a password", { password_confirmation: "a-new-password-1" }, { password: [M.passwordMissing] }],
    ["a PIN for a user without PIN access", { pin: "1234", confirm_pin: "1234" }, { pin: [M.pinNotAllowed] }],
    [
      "a photo that is not an image",
      { profile_photo: { file: Buffer.from("<svg onload=alert(1)></svg>"), filename: "me.png", type: "image/png" } },
      { profile_photo: ["The profile photo must be an image: PNG, JPEG, GIF or WebP."] },
    ],
    [
      "a photo larger than 2 MB",
      { profile_photo: { file: Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]), filename: "big.png", type: "image/png" } },
      { profile_photo: ["The profile photo may not be larger than 2 MB."] },
    ],
  ])("%s", async (_what, fields, errors) => {
    const res = await update(token, { name: "Should not be saved", ...fields });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.message).toBe(Object.values(errors)[0][0]);
    expect(await row("emily.chen@harbour.test")).toEqual(before);
  });

  it("answers every broken field at once", async () => {
    const res = await update(token, {
      name: "n".repeat(101),
      email: "nope",
      current_password: "wrong-password-1",
      password: "short",
      password_confirmation: "other",
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: [M.nameTooLong],
      email: [M.emailInvalid],
      password: [M.passwordTooShort],
      password_confirmation: [M.passwordMismatch],
      current_password: [M.currentPasswordWrong],
    });
    expect(await row("emily.chen@harbour.test")).toEqual(before);
  });

  it("keeping one's own e-mail (in any case) is not 'taken'", async () => {
    const res = await update(token, { email: "EMILY.CHEN@harbour.test" });
    expect(res.status).toBe(200);
  });
});

describe("changing the password", () => {
  it("needs the right current password; afterwards only the new one signs in and other sessions end", async () => {
    const email = "george.hughes@harbour.test";
    const token = await api.login(email);
    const other = await api.login(email);
    const res = await update(token, { current_password: DEMO_PASSWORD, password: "a brand new password", password_confirmation: "a brand new password" });
    expect(res.status).toBe(200);
    expect(await verifyPassword((await row(email)).passwordHash, "a brand new password")).toBe(true);
    await api.login(email, "a brand new password");
    expect((await api.request("POST", "/login", { body: { email, password: DEMO_PASSWORD } })).status).toBe(422);
    // This session goes on; the other one was signed out.
    expect((await api.request("GET", "/me", { token })).status).toBe(200);
    expect((await api.request("GET", "/me", { token: other })).status).toBe(401);
    const live = await api.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, (await row(email)).id));
    expect(live.filter((t) => t.revokedAt === null).length).toBeGreaterThanOrEqual(2); // this one and the new sign-in
  });
});

describe("the SB Pro Terminal PIN (only with pin_is_allowed)", () => {
  let token: string;
  let seeded: string | null;
  beforeAll(async () => {
    token = await api.login("owner@bloom.test");
    seeded = (await row("owner@bloom.test")).pinHash;
  });

  it.each<[string, Record<string, FormValue>, Record<string, string[]>]>([
    ["too short", { pin: "123", confirm_pin: "123" }, { pin: [M.pinFormat] }],
    ["too long", { pin: "1234567", confirm_pin: "1234567" }, { pin: [M.pinFormat] }],
    ["not digits", { pin: "12a4", confirm_pin: "12a4" }, { pin: [M.pinFormat] }],
    ["unconfirmed", { pin: "1234" }, { confirm_pin: [M.pinMismatch] }],
    ["confirmed differently", { pin: "1234", confirm_pin: "4321" }, { confirm_pin: [M.pinMismatch] }],
    ["a confirmation alone", { confirm_pin: "1234" }, { pin: [M.pinMissing] }],
  ])("refuses a PIN %s", async (_what, fields, errors) => {
    const res = await update(token, fields);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
    // The PIN the owner had (the demo's) is kept.
    expect((await row("owner@bloom.test")).pinHash).toBe(seeded);
  });

  it.each(["1234", "123456"])("sets a PIN of %s (stored hashed, never answered)", async (pin) => {
    const res = await update(token, { pin, confirm_pin: pin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pin: null, has_pin: true, pin_is_allowed: true });
    const { pinHash } = await row("owner@bloom.test");
    expect(pinHash).not.toContain(pin);
    expect(await verifyPassword(pinHash, pin)).toBe(true);
  });
});

describe("the profile photo", () => {
  it("stores an image checked by its bytes, serves it at profile_photo_path, and replaces or clears it", async () => {
    const email = "hannah.moore@harbour.test";
    const token = await api.login(email);
    // Declared as a JPEG named .jpg, but its bytes are a PNG: stored as what the bytes say.
    const res = await update(token, { profile_photo: { file: TINY_PNG, filename: "me.jpg", type: "image/jpeg" } });
    expect(res.status).toBe(200);
    const path = res.body.data.profile_photo_path as string;
    expect(path).toMatch(/^\/files\/[a-f0-9]{32}\.png$/);
    const served = await api.request("GET", path);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    const firstKey = path.slice("/files/".length);
    expect(storage().files.has(firstKey)).toBe(true);

    // A new photo replaces the old one (and the old file goes); sent with a removal, the new photo wins.
    const again = await update(token, { remove_profile_photo: "1", profile_photo: { file: TINY_PNG, filename: "me2.png", type: "image/png" } });
    const secondPath = again.body.data.profile_photo_path as string;
    expect(secondPath).toMatch(/^\/files\/[a-f0-9]{32}\.png$/);
    expect(secondPath).not.toBe(path);
    expect(storage().files.has(firstKey)).toBe(false);

    // Cleared.
    const cleared = await update(token, { remove_profile_photo: "1" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.profile_photo_path).toBeNull();
    expect(storage().files.has(secondPath.slice("/files/".length))).toBe(false);
    expect((await api.request("GET", secondPath)).status).toBe(404);
  });

  it("a refused update stores no file", async () => {
    const token = await api.login("liam.walsh@harbour.test");
    const files = storage().files.size;
    const res = await update(token, {
      email: "admin@harbour.test",
      current_password: "wrong-password-1",
      profile_photo: { file: TINY_PNG, filename: "me.png", type: "image/png" },
    });
    expect(res.status).toBe(422);
    expect(storage().files.size).toBe(files);
  });
});

describe("changing one's e-mail address", () => {
  /** The latest sandbox e-mail to an address. */
  async function latestMail(to: string) {
    const res = await api.request("GET", "/sandbox/outbox", { query: { to } });
    return res.body.data[0] as { subject: string; text: string } | undefined;
  }
  const linkToken = (text: string) => /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it("needs the current password, keeps the old address until the link sent to the new one is opened, and tells the old one", async () => {
    const token = await api.login("tom.fletcher@harbour.test");
    const res = await update(token, { email: "Oliver.New@Example.com", current_password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.emailPending);
    expect(res.body.pending_email).toBe("oliver.new@example.com");
    expect(res.body.data.email).toBe("tom.fletcher@harbour.test");
    expect(await row("tom.fletcher@harbour.test")).toBeDefined();
    // Until it is confirmed the new address signs in to nothing.
    expect((await api.request("POST", "/login", { body: { email: "oliver.new@example.com", password: DEMO_PASSWORD } })).status).toBe(422);
    expect((await latestMail("tom.fletcher@harbour.test"))?.text).toContain("oliver.new@example.com");
    const link = linkToken((await latestMail("oliver.new@example.com"))!.text)!;
    expect(link).toBeTruthy();

    const confirmed = await api.request("POST", "/confirm-email", { body: { token: link } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(M.emailChanged);
    await api.login("oliver.new@example.com");
    expect((await api.request("POST", "/login", { body: { email: "tom.fletcher@harbour.test", password: DEMO_PASSWORD } })).status).toBe(422);
    // A link opens once.
    expect((await api.request("POST", "/confirm-email", { body: { token: link } })).status).toBe(404);
  });

  it("never says whether an address is taken elsewhere; such a link simply does not work", async () => {
    const token = await api.login("sophie.turner@harbour.test");
    const res = await update(token, { email: "owner@bloom.test", current_password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.emailPending);
    const free = await update(token, { email: "sophie.free@example.com", current_password: DEMO_PASSWORD });
    expect(free.body).toMatchObject({ message: res.body.message });
    // The link to the taken address (the earlier one) is refused, and nobody's address changed.
    const toOwner = linkToken((await latestMail("owner@bloom.test"))!.text)!;
    expect((await api.request("POST", "/confirm-email", { body: { token: toOwner } })).status).toBe(404);
    expect(await row("sophie.turner@harbour.test")).toBeDefined();
  });

  it("an invitation addressed to someone else is not claimed by changing one's address to theirs without proof", async () => {
    const token = await api.login("daniel.okafor@harbour.test");
    const res = await update(token, { email: "ruby.grant@harbour.test", current_password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe("daniel.okafor@harbour.test");
    // Signing in again with the unconfirmed address is impossible, so no invitation is accepted by it.
    expect((await api.request("POST", "/login", { body: { email: "ruby.grant@harbour.test", password: DEMO_PASSWORD } })).status).toBe(422);
    // Signing in again with the old address accepts nothing addressed to the new one.
    expect((await api.request("POST", "/login", { body: { email: "daniel.okafor@harbour.test", password: DEMO_PASSWORD } })).status).toBe(200);
    expect((await row("daniel.okafor@harbour.test")).email).toBe("daniel.okafor@harbour.test");
  });
});
