import { describe, expect, test } from "vitest";
import { NOJS, PASSWORD, USERS } from "./env";
import { NojsBrowser, type NojsPage, uniqueToken } from "./harness";

/**
 * The Edit Profile drawer without JavaScript (a Harbour Brokers staff member no other test file uses, Liam
 * Walsh, put back as seeded afterwards), and forms sent twice: a form carries its page's submission key, so
 * the same form sent twice (a double click without JavaScript) acts once, and the page loaded again acts again.
 */

const EDITOR = { email: "liam.walsh@harbour.test", name: "Liam", lastName: "Walsh" };
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function signedIn(email: string, password = PASSWORD) {
  const browser = new NojsBrowser(NOJS.flightdeck);
  const page = await browser.signIn(email, password);
  expect(page.path).toBe("/dashboard");
  return { browser, page };
}

async function openProfile(page: NojsPage) {
  const profile = await page.click("Personal profile", page.one("details[data-account-menu]"));
  expect(profile.path).toBe("/profile");
  expect(profile.text("[data-drawer]")).toContain("Edit Profile");
  return profile;
}

async function restore(passwords: string[]) {
  for (const password of passwords) {
    const login = await fetch(`${NOJS.api}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EDITOR.email, password }),
    });
    if (!login.ok) continue;
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${NOJS.api}/api/v1/update-user-profile`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: EDITOR.name,
        last_name: EDITOR.lastName,
        remove_profile_photo: "1",
        current_password: password,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      }),
    });
    expect(res.status, await res.text()).toBe(200);
    return;
  }
  throw new Error(`Could not restore ${EDITOR.email}`);
}

describe("the Edit Profile drawer", () => {
  test("opens from the account menu over the page it was opened on; closing goes back there", async () => {
    const { browser } = await signedIn(EDITOR.email);
    const tasks = await browser.goto("/tasks");
    const profile = await openProfile(tasks);
    expect(profile.param("from")).toBe("/tasks");
    const headings = profile.$$("[data-drawer] h2, [data-drawer] h3").map((h) => h.text.trim());
    for (const section of ["Profile Picture", "Details", "Change Password"]) expect(headings).toContain(section);
    expect(headings.some((h) => h.includes("SB Pro Terminal"))).toBe(false);
    const form = profile.form({ button: "Save", within: profile.drawer() });
    expect(form.value("Name")).toBe(EDITOR.name);
    expect(form.value("Email")).toBe(EDITOR.email);
    expect((await profile.click("Close", profile.drawer()!)).path).toBe("/tasks");
  });

  test("Cancel drops what was typed: reopened, the fields show the saved values", async () => {
    const { page } = await signedIn(EDITOR.email);
    const profile = await openProfile(page);
    profile.form({ button: "Save", within: profile.drawer() }).fill("Name", "Not saved");
    const back = await profile.click("Cancel", profile.drawer()!);
    expect(back.path).toBe("/dashboard");
    const again = await openProfile(back);
    expect(again.form({ button: "Save", within: again.drawer() }).value("Name")).toBe(EDITOR.name);
  });

  test("the SB Pro Terminal PIN section shows only for users with pin_is_allowed", async () => {
    const profile = await openProfile(await NojsBrowser.as("admin").goto("/dashboard"));
    expect(profile.text("[data-drawer]")).toContain("SB Pro Terminal");
    const form = profile.form({ button: "Save", within: profile.drawer() });
    expect(form.control("PIN")).toBeTruthy();
    expect(form.control("Confirm PIN")).toBeTruthy();
  });

  test("a server validation error shows under its field and keeps the typed values", async () => {
    const { page } = await signedIn(EDITOR.email);
    const profile = await openProfile(page);
    const refused = await profile
      .form({ button: "Save", within: profile.drawer() })
      .fill("Name", "Typed Name")
      .fill("Email", USERS.admin.email)
      .fill("Telephone", "020 7946 0777")
      .submit("Save");
    const drawer = refused.drawer()!;
    // A new address needs the current password (and never says whether another account holds it).
    expect(refused.control("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(refused.text("[data-drawer]")).toContain("Enter your current password to change your e-mail address.");
    expect(refused.text("[data-drawer]")).not.toContain("The email has already been taken.");
    const form = refused.form({ button: "Save", within: drawer });
    expect(form.value("Email")).toBe(USERS.admin.email);
    expect(form.value("Name")).toBe("Typed Name");
    expect(form.value("Telephone")).toBe("020 7946 0777");
    expect(refused.text("[data-account-name]")).toBe(EDITOR.name);
  });

  test("saving a photo, a new name and a new password; the header shows them at once; the new password signs in", async () => {
    const newPassword = `new-pass-nojs-${Date.now()}`;
    const newName = `${EDITOR.name}ie`;
    try {
      const { browser, page } = await signedIn(EDITOR.email);
      expect(page.$("[data-avatar]")).toBeNull();
      const profile = await openProfile(page);
      const saved = await profile
        .form({ button: "Save", within: profile.drawer() })
        .attach("profile_photo", { name: "me.png", type: "image/png", content: PNG_1X1 })
        .fill("Name", newName)
        .fill("Current password", PASSWORD)
        .fill("New password", newPassword)
        .fill("Confirm password", newPassword)
        .submit("Save");
      expect(saved.text("[data-drawer]")).toContain("The profile details have been updated successfully.");
      expect(saved.text("[data-account-name]")).toBe(newName);
      expect(saved.text("[data-greeting]")).toMatch(new RegExp(`, ${newName}$`));
      const src = saved.one("[data-avatar]").getAttribute("src")!;
      expect(src).toMatch(/^\/files\/[a-f0-9]{32}\.png$/);
      const photo = await browser.raw("GET", new URL(src, saved.url));
      expect(photo.status).toBe(200);
      expect(photo.headers["content-type"]).toBe("image/png");
      expect(photo.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(photo.headers["x-frame-options"]).toBe("DENY");

      const done = await saved.click("Done", saved.drawer()!);
      expect(done.path).toBe("/dashboard");
      const login = await done.form({ button: "Log Out", within: done.one("details[data-account-menu]") }).submit("Log Out");
      expect(login.path).toBe("/login");
      const again = await browser.signIn(EDITOR.email, newPassword);
      expect(again.path).toBe("/dashboard");
      expect(again.text("[data-greeting]")).toMatch(new RegExp(`, ${newName}$`));
    } finally {
      await restore([newPassword, PASSWORD]);
    }
  });
});

describe("a form sent twice acts once", () => {
  async function newTaskForm(browser: NojsBrowser, name: string) {
    const page = await browser.goto("/tasks/new");
    const form = page.form({ button: "Create task", within: page.drawer() });
    const pipeline = form.control("Pipeline").querySelectorAll("option")[1].getAttribute("value")!;
    return form.fill("Name", name).select("Pipeline", pipeline);
  }

  test("the same new-task form sent twice creates one task; the page loaded again creates another", async () => {
    const token = uniqueToken();
    const name = `Sent twice ${token}`;
    const browser = NojsBrowser.as("admin");
    const form = await newTaskForm(browser, name);
    const key = form.value("_submission");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // Sent twice at once, as a double click sends it: both answers go to the one task.
    const [first, second] = await Promise.all([form.submit("Create task"), form.submit("Create task")]);
    expect(first.path).toMatch(/^\/tasks\/\d+$/);
    expect(second.path).toBe(first.path);
    // A third time from the page still open (its answer lost, say): the same task again.
    const third = await form.submit("Create task");
    expect(third.path).toBe(first.path);
    expect(third.toasts()).toContain("Task created.");
    expect(third.h1).toBe(name);
    expect((await browser.goto(`/tasks?search=${token}`)).rowsWith(name)).toHaveLength(1);

    // A new page load is a new form: the same words make a second task, as meant.
    const again = await newTaskForm(browser, name);
    expect(again.value("_submission")).not.toBe(key);
    const other = await again.submit("Create task");
    expect(other.toasts()).toContain("Task created.");
    expect(other.path).not.toBe(first.path);
    expect((await browser.goto(`/tasks?search=${token}`)).rowsWith(name)).toHaveLength(2);
  });

  test("the same words added as a note twice, one after the other, make two notes (each answer brings a new key)", async () => {
    const token = uniqueToken();
    const browser = NojsBrowser.as("admin");
    const task = await (await newTaskForm(browser, `Two notes ${token}`)).submit("Create task");
    expect(task.path).toMatch(/^\/tasks\/\d+$/);
    const words = `Left a voicemail ${token}`;
    const notesOf = (p: NojsPage) => p.region("Notes")!;
    const count = (p: NojsPage) =>
      notesOf(p)
        .querySelectorAll("[data-note]")
        .filter((n) => n.text.includes(words)).length;
    const form = task.form({ button: "Add note", within: notesOf(task) });
    const keyBefore = form.value("_submission");
    const once = await form.fill("Add a note", words).submit("Add note");
    expect(count(once)).toBe(1);
    const form2 = once.form({ button: "Add note", within: notesOf(once) });
    expect(form2.value("_submission")).not.toBe(keyBefore);
    const twice = await form2.fill("Add a note", words).submit("Add note");
    expect(count(twice)).toBe(2);
    expect(count(await browser.goto(task.path))).toBe(2);
  });
});
