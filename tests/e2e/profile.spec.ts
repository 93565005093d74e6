import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { E2E, PASSWORD, USERS, expectPath, openAccountMenu, outbox, signIn, startSession, submitSignIn, type DemoUser } from "./helpers";

/** The open drawer (with JavaScript a Headless UI dialog, without it a panel over the page). */
const drawer = (page: Page) => page.locator("[data-drawer]");

/**
 * The 'Edit Profile' drawer, with JavaScript on and off. The `js` and `nojs` projects run at the same
 * time on one database, so each changes a Harbour Brokers staff member of its own (nobody else's tests
 * sign in as them), and puts their name, photo and password back afterwards through the API.
 */

const staff = (email: string, name: string, lastName: string): DemoUser => ({
  email,
  name,
  lastName,
  theme: "flightdeck",
  landing: "/dashboard",
  landingTitle: "Dashboard",
});
const EDITOR = { js: staff("grace.bennett@harbour.test", "Grace", "Bennett"), nojs: staff("liam.walsh@harbour.test", "Liam", "Walsh") };
const userOf = (testInfo: TestInfo) => EDITOR[testInfo.project.name as "js" | "nojs"];

/** A 1×1 PNG. */
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function openProfile(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole("link", { name: "Personal profile" }).click();
  await expectPath(page, "/profile");
  await expect(drawer(page).getByText("Edit Profile", { exact: true })).toBeVisible();
  return drawer(page);
}

/** Puts the user back as seeded: name, no photo, the demo password (whichever password they have now). */
async function restore(request: APIRequestContext, user: DemoUser, passwords: string[]) {
  for (const password of passwords) {
    const login = await request.post(`${E2E.main.api}/login`, { data: { email: user.email, password } });
    if (!login.ok()) continue;
    const { token } = (await login.json()) as { token: string };
    const res = await request.post(`${E2E.main.api}/api/v1/update-user-profile`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: user.name,
        last_name: user.lastName,
        remove_profile_photo: "1",
        current_password: password,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return;
  }
  throw new Error(`Could not restore ${user.email}`);
}

test.describe("the Edit Profile drawer", () => {
  test("opens from the account menu over the page it was opened on; closing goes back there", async ({ page }, testInfo) => {
    const user = userOf(testInfo);
    await startSession(page, user);
    await page.goto("/tasks");
    const form = await openProfile(page);
    await expect(page).toHaveURL((url) => url.searchParams.get("from") === "/tasks");
    for (const section of ["Profile Picture", "Details", "Change Password"]) {
      await expect(form.getByRole("heading", { name: section, exact: true })).toBeVisible();
    }
    // A staff member without pin_is_allowed has no PIN section.
    await expect(form.getByRole("heading", { name: "SB Pro Terminal" })).toHaveCount(0);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(user.name);
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await form.getByRole("link", { name: "Close" }).click();
    await expectPath(page, "/tasks");
  });

  test("Cancel drops what was typed: reopened, the fields show the saved values", async ({ page }, testInfo) => {
    const user = userOf(testInfo);
    await signIn(page, user);
    let form = await openProfile(page);
    await form.getByLabel("Name", { exact: true }).fill("Not saved");
    await form.getByRole("link", { name: "Cancel" }).click();
    await expectPath(page, "/dashboard");
    form = await openProfile(page);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(user.name);
  });

  test("the SB Pro Terminal PIN section shows only for users with pin_is_allowed", async ({ page }) => {
    await signIn(page, USERS.admin);
    const form = await openProfile(page);
    await expect(form.getByRole("heading", { name: "SB Pro Terminal", exact: true })).toBeVisible();
    await expect(form.getByLabel("PIN", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Confirm PIN", { exact: true })).toBeVisible();
  });

  test("a server validation error shows under its field and keeps the typed values", async ({ page }, testInfo) => {
    const user = userOf(testInfo);
    await signIn(page, user);
    const form = await openProfile(page);
    await form.getByLabel("Name", { exact: true }).fill("Typed Name");
    await form.getByLabel("Email", { exact: true }).fill(USERS.admin.email);
    await form.getByLabel("Telephone", { exact: true }).fill("020 7946 0777");
    await form.getByRole("button", { name: "Save" }).click();

    // A new address needs the current password (and never says whether another account holds it).
    const email = drawer(page).getByLabel("Email", { exact: true });
    await expect(drawer(page).getByLabel("Current password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(drawer(page).getByText("Enter your current password to change your e-mail address.", { exact: true })).toBeVisible();
    await expect(drawer(page).getByText("The email has already been taken.", { exact: true })).toHaveCount(0);
    await expect(email).toHaveValue(USERS.admin.email);
    await expect(drawer(page).getByLabel("Name", { exact: true })).toHaveValue("Typed Name");
    await expect(drawer(page).getByLabel("Telephone", { exact: true })).toHaveValue("020 7946 0777");
    // Nothing was saved: the header still has the old name.
    await expect(page.locator("[data-account-name]")).toHaveText(user.name);
  });

  test("saving a photo, a new name and a new password; the header shows them at once; the new password signs in", async ({ page, request }, testInfo) => {
    const user = userOf(testInfo);
    const newPassword = `new-pass-${testInfo.project.name}-${Date.now()}`;
    const newName = `${user.name}ie`;
    try {
      await signIn(page, user);
      await expect(page.locator("[data-avatar]")).toHaveCount(0);
      const form = await openProfile(page);
      await form.locator('input[name="profile_photo"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1X1 });
      await form.getByLabel("Name", { exact: true }).fill(newName);
      await form.getByLabel("Current password", { exact: true }).fill(PASSWORD);
      await form.getByLabel("New password", { exact: true }).fill(newPassword);
      await form.getByLabel("Confirm password", { exact: true }).fill(newPassword);
      await form.getByRole("button", { name: "Save" }).click();

      await expect(drawer(page).getByText("The profile details have been updated successfully.", { exact: true })).toBeVisible();
      await expect(page.locator("[data-account-name]")).toHaveText(newName);
      await expect(page.locator("[data-greeting]")).toHaveText(new RegExp(`, ${newName}$`));
      const avatar = page.locator("[data-avatar]");
      await expect(avatar).toHaveAttribute("src", /^\/files\/[a-f0-9]{32}\.png$/);
      // Served by the portal (which passes /files/{key} through from the API).
      const photo = await request.get(`http://127.0.0.1:${E2E.main.portalPort}${await avatar.getAttribute("src")}`);
      expect(photo.status()).toBe(200);
      expect(photo.headers()["content-type"]).toBe("image/png");
      // The file keeps the API's sandboxing policy and gains the portal's other security headers.
      expect(photo.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(photo.headers()["x-frame-options"]).toBe("DENY");

      await drawer(page).getByRole("link", { name: "Done" }).click();
      await expectPath(page, "/dashboard");

      const menu = await openAccountMenu(page);
      await menu.getByRole("button", { name: "Log Out" }).click();
      await expectPath(page, "/login");
      await submitSignIn(page, user.email, newPassword);
      await expectPath(page, "/dashboard");
      await expect(page.locator("[data-greeting]")).toHaveText(new RegExp(`, ${newName}$`));
    } finally {
      await restore(request, user, [newPassword, PASSWORD]);
    }
  });
});

test("a new e-mail address: the current password, a link sent to it, and the address changes only once it is opened", async ({ page, request }, testInfo) => {
  const user = testInfo.project.name === "js" ? staff("hannah.moore@harbour.test", "Hannah", "Moore") : staff("tom.fletcher@harbour.test", "Tom", "Fletcher");
  const newEmail = `${user.name.toLowerCase()}.${Date.now()}@example.test`;
  await signIn(page, user);
  const form = await openProfile(page);
  await form.getByLabel("Email", { exact: true }).fill(newEmail);
  await form.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(drawer(page).getByText("We have sent a link to your new e-mail address.", { exact: false })).toBeVisible();

  // Until the link is opened the old address still signs in.
  expect((await request.post(`${E2E.main.api}/login`, { data: { email: user.email, password: PASSWORD } })).status()).toBe(200);
  let link = "";
  await expect
    .poll(async () => {
      link = /\/confirm-email\/[A-Za-z0-9_-]+/.exec((await outbox(request, newEmail))[0]?.text ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  expect((await outbox(request, user.email))[0]?.subject).toBe("Your e-mail address is being changed");

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect(page.getByText("Your e-mail address has been changed.", { exact: true })).toBeVisible();
  await submitSignIn(page, newEmail, PASSWORD);
  await expectPath(page, "/dashboard");
  expect((await request.post(`${E2E.main.api}/login`, { data: { email: user.email, password: PASSWORD } })).status()).toBe(422);
});
