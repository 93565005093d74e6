import { describe, expect, test } from "vitest";
import { NOJS, PASSWORD, USERS } from "./env";
import { NojsBrowser, outbox, signInCodesSince } from "./harness";

/** Signing in and out without JavaScript: the sign-in page's own forms, over HTTP. */

const NOT_FRONT_END_USER = "This account cannot sign in to this portal. Please use the system your company gave you access to.";
const BAD_CREDENTIALS = "These credentials do not match our records.";

describe("signing in", () => {
  for (const key of ["admin", "viewer", "adviser", "owner"] as const) {
    const user = USERS[key];
    test(`${user.email} signs in on ${user.theme} and lands on ${user.landing}`, async () => {
      const browser = new NojsBrowser(NOJS[user.theme]);
      const login = await browser.goto("/login");
      expect(login.h1).toMatch(/^Sign in to/);
      const page = await login.form().fill("email", user.email).fill("password", PASSWORD).submit("Sign in");
      expect(page.path).toBe(user.landing);
      expect(page.$("aside#side-menu")).not.toBeNull();
      expect(page.text("[data-greeting]")).toContain(user.name);
    });
  }

  test("the browser title reads 'Dashboard | flightDeck', and the smallBusiness one names smallBusiness", async () => {
    expect((await NojsBrowser.as("admin").goto("/dashboard")).title).toBe("Dashboard | flightDeck");
    expect((await NojsBrowser.as("owner").goto("/dashboard")).title).toBe("Home | smallBusiness");
  });

  test("a wrong password is refused and the typed e-mail is kept", async () => {
    const page = await new NojsBrowser().signIn(USERS.admin.email, "not-the-password");
    expect(page.text()).toContain(BAD_CREDENTIALS);
    expect(page.path).toBe("/login");
    expect(page.form().value("email")).toBe(USERS.admin.email);
    expect(page.$("aside#side-menu")).toBeNull();
  });

  test("a user who is not a front-end user is refused with the spec's message", async () => {
    const browser = new NojsBrowser();
    const page = await browser.signIn(USERS.ops.email);
    expect(page.alerts()).toContain(NOT_FRONT_END_USER);
    expect(page.path).toBe("/login");
    expect((await browser.goto("/dashboard")).path).toBe("/login");
  });

  test("a user with e-mail verification passes the code step (a wrong code first)", async () => {
    const browser = new NojsBrowser();
    const before = (await outbox(USERS.verify.email))[0]?.id ?? 0;
    const step = await browser.signIn(USERS.verify.email);
    expect(step.path).toBe("/login-email-verification-send");
    expect(step.text("h1, h2")).toContain("Check your e-mail");
    const codes = await signInCodesSince(USERS.verify.email, before);

    const wrong = ["000000", "111111", "222222"].find((c) => !codes.includes(c))!;
    const refused = await step.form({ button: "Verify and sign in" }).fill("Sign-in code", wrong).submit("Verify and sign in");
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain("That code is not right. Check the e-mail and try again.");
    expect(refused.path).toBe("/login-email-verification-send");

    const signedIn = await refused.form({ button: "Verify and sign in" }).fill("Sign-in code", codes[0]).submit("Verify and sign in");
    expect(signedIn.path).toBe("/dashboard");
    expect(signedIn.h1).toBe("Dashboard");
    expect(signedIn.text("[data-greeting]")).toContain(USERS.verify.name);
  });

  test("the code step is not reachable without signing in first", async () => {
    expect((await new NojsBrowser().goto("/login-email-verification-send")).path).toBe("/login");
  });
});

describe("signing out", () => {
  test("Log Out in the account menu returns to the sign-in page and ends the session", async () => {
    // A sign-in of its own: signing out ends the session the saved cookies hold.
    const browser = new NojsBrowser();
    const dashboard = await browser.signIn(USERS.admin.email);
    const menu = dashboard.one("details[data-account-menu]");
    const login = await dashboard.form(menu.querySelectorAll("form").find((f) => f.text.includes("Log Out"))).submit("Log Out");
    expect(login.path).toBe("/login");
    expect(login.form().control("email")).toBeTruthy();

    const again = await browser.goto("/dashboard");
    expect(again.path).toBe("/login");
    expect(again.param("redirectTo")).toBe("/dashboard");
    expect(again.$("aside#side-menu")).toBeNull();
  });

  test("a signed-in visitor of the sign-in page goes to the dashboard", async () => {
    expect((await NojsBrowser.as("viewer").goto("/login")).path).toBe("/dashboard");
  });
});

test("an invited user's set-up page: a wrong link says so; mismatched passwords are refused under the field and set nothing", async () => {
  const browser = new NojsBrowser();
  expect((await browser.goto("/user-setup/00000000-0000-0000-0000-000000000000/not-a-token")).h1).toBe("Invitation not valid");

  const [invitation] = await outbox("new.starter@harbour.test");
  const link = /\/user-setup\/[^\s]+/.exec(invitation.text)?.[0];
  expect(link, invitation.text).toBeTruthy();
  const setup = await browser.goto(link!);
  expect(setup.h1).toMatch(/^Welcome, /);
  const refused = await setup.form().fill("Password", "a-long-password-2026").fill("Confirm password", "another-password-2026").submit("Set password");
  expect(refused.text()).toContain("The passwords do not match.");
  expect(refused.h1).toMatch(/^Welcome, /);
});
