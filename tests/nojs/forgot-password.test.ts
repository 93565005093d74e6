import { describe, expect, test } from "vitest";
import { NOJS } from "./env";
import { NojsBrowser, outbox } from "./harness";

/**
 * "Forgot password?" without JavaScript: from the sign-in page (the edition's logo, or the company's on a company's
 * sign-in page) to the e-mail in the development outbox, the new password typed twice, and signing in with it;
 * the same answer for an unknown address; the link refused once used.
 */

const SENT = "If an account uses that address, we have sent it a link to choose a new password. The link works once, within 60 minutes.";
const USER = "daniel.okafor@harbour.test";
const NEW_PASSWORD = "Lantern-quay-harbour-4821";

describe("Forgot password", () => {
  test("the sign-in page shows the edition's logo and a Forgot password? link; an unknown address gets the same answer", async () => {
    const page = await new NojsBrowser(NOJS.smallbusiness).goto("/login");
    expect(page.one('main img[src="/brand/smallbusiness.svg"]').getAttribute("alt")).toBe("smallBusiness");
    const forgot = await page.click("Forgot password?");
    expect(forgot.path).toBe("/forgot-password");
    expect(forgot.h1).toBe("Forgot your password?");
    const answered = await forgot.form({ button: "Send reset link" }).fill("E-mail", "nobody-at-all@bloom.test").submit("Send reset link");
    expect(answered.status).toBe(200);
    expect(answered.text("[role=status]")).toBe(SENT);
    expect(await outbox("nobody-at-all@bloom.test")).toHaveLength(0);
  });

  test("a link is e-mailed, sets a new password once, and the new password signs in", async () => {
    const browser = new NojsBrowser(NOJS.flightdeck);
    const before = (await outbox(USER))[0]?.id ?? 0;
    const forgot = await browser.goto("/forgot-password");
    const refused = await forgot.form({ button: "Send reset link" }).fill("E-mail", "not an address").submit("Send reset link");
    expect(refused.fieldError("E-mail")).toBe("Enter a valid e-mail address.");
    const answered = await refused.form({ button: "Send reset link" }).fill("E-mail", USER).submit("Send reset link");
    expect(answered.text("[role=status]")).toBe(SENT);

    const [mail] = (await outbox(USER)).filter((m) => m.id > before);
    expect(mail.subject).toBe("Choose a new password");
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const path = new URL(link).pathname;
    const reset = await browser.goto(path);
    expect(reset.h1).toBe("Choose a new password");
    const mismatch = await reset
      .form({ button: "Set new password" })
      .fill("New password", NEW_PASSWORD)
      .fill("Confirm new password", "something different")
      .submit("Set new password");
    expect(mismatch.fieldError("Confirm new password")).toBe("The passwords do not match.");
    const done = await mismatch
      .form({ button: "Set new password" })
      .fill("New password", NEW_PASSWORD)
      .fill("Confirm new password", NEW_PASSWORD)
      .submit("Set new password");
    expect(done.path).toBe("/login");
    expect(done.toasts()).toContain("Your password has been changed. Sign in with your new password.");

    const signedIn = await new NojsBrowser(NOJS.flightdeck).signIn(USER, NEW_PASSWORD);
    expect(signedIn.path).not.toBe("/login");

    // Used once: the link now says so and offers a new one.
    const used = await browser.goto(path);
    expect(used.h1).toBe("Link no longer valid");
    expect(used.links("Send a new link")).toHaveLength(1);
  });
});
