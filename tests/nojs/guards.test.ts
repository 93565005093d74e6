import { describe, expect, test } from "vitest";
import { NOJS, USERS, type UserKey } from "./env";
import { NojsBrowser, nameOf } from "./harness";

/** The route guard, unknown paths and the account menu's company switcher, as plain HTML over HTTP. */

const refused: { user: UserKey; path: string; why: string }[] = [
  { user: "viewer", path: "/roles", why: "no role_view or role_manage" },
  { user: "viewer", path: "/providers", why: "no provider_manage" },
  { user: "adviser", path: "/providers", why: "not a parent tenant" },
  { user: "owner", path: "/roles", why: "roles are flightDeck only" },
];

describe("route guard", () => {
  for (const { user, path, why } of refused) {
    test(`${USERS[user].email} opening ${path} is sent to /dashboard (${why})`, async () => {
      const page = await NojsBrowser.as(user).goto(path);
      expect(page.status).toBe(200);
      expect(page.redirects[0]).toBe(path);
      expect(page.path).toBe("/dashboard");
      expect(page.h1).toBe(USERS[user].theme === "smallbusiness" ? "Home" : "Dashboard");
    });
  }

  test("a user with the permission opens the guarded routes", async () => {
    const admin = NojsBrowser.as("admin");
    for (const [path, title] of [
      ["/roles", "Roles & permissions"],
      ["/providers", "Providers"],
    ]) {
      const page = await admin.goto(path);
      expect(page.path).toBe(path);
      expect(page.h1).toBe(title);
      expect(page.title).toBe(`${title} | flightDeck`);
    }
  });

  for (const path of ["/dashboard", "/roles", "/tasks"]) {
    test(`not signed in, ${path} goes to the sign-in page`, async () => {
      const page = await new NojsBrowser().goto(path);
      expect(page.path).toBe("/login");
      expect(page.param("redirectTo")).toBe(path);
      expect(page.form({ button: "Sign in" })).toBeTruthy();
      expect(page.$("aside#side-menu")).toBeNull();
    });
  }

  test("after signing in from a guarded link, the user lands on that page", async () => {
    const login = await new NojsBrowser().goto("/tasks");
    expect(login.path).toBe("/login");
    const page = await login.form().fill("email", USERS.viewer.email).fill("password", "demo-pass-2026").submit("Sign in");
    expect(page.path).toBe("/tasks");
    expect(page.h1).toBe("Tasks");
  });
});

describe("unknown paths", () => {
  test("show 'Page not found' inside the frame with status 404", async () => {
    const page = await NojsBrowser.as("admin").goto("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.path).toBe("/no-such-page");
    expect(page.h1).toBe("Page not found");
    expect(page.$("aside#side-menu")).not.toBeNull();
    expect(page.$("[data-greeting]")).not.toBeNull();
    expect(page.title).toBe("Page not found | flightDeck");
  });

  test("outside the frame (an unknown company's sign-in page) the 404 page is titled too", async () => {
    const page = await new NojsBrowser().goto("/00000000-0000-0000-0000-000000000000/login");
    expect(page.status).toBe(404);
    expect(page.text("h1, h2")).toContain("Page not found");
    expect(page.title).toBe("Page not found | flightDeck");
  });

  test("show 'Page not found' in smallBusiness too", async () => {
    const page = await NojsBrowser.as("owner").goto("/some/deeper/unknown-path");
    expect(page.url.origin).toBe(NOJS.smallbusiness);
    expect(page.status).toBe(404);
    expect(page.h1).toBe("Page not found");
    expect(page.$("aside#side-menu")).not.toBeNull();
  });
});

test("in smallBusiness the workflows screens are titled as automations, as its menu says", async () => {
  const page = await NojsBrowser.as("owner").goto("/workflows");
  expect(page.h1).toBe("Automations");
  expect(page.title).toBe("Automations | smallBusiness");
});

describe("the account menu's company switcher", () => {
  async function menuOf(user: UserKey) {
    const page = await NojsBrowser.as(user).goto("/dashboard");
    const menu = page.one("details[data-account-menu]");
    const switcher = page.one("[data-company-switcher]", menu);
    return { page, menu, switcher, links: switcher.querySelectorAll("a[href]").map(nameOf), company: page.text("[data-company-switcher] [data-company-name]") };
  }

  test("flightDeck admin: 'Company account', the company, and all four company pages", async () => {
    const { page, menu, switcher, links, company } = await menuOf("admin");
    expect(page.text("details[data-account-menu]")).toContain("Amelia Hart");
    expect(page.text("details[data-account-menu]")).toContain("Personal account");
    expect(switcher.text).toContain("Company account");
    expect(company).toBe("Harbour Brokers");
    expect(links).toEqual(["Company profile", "Membership", "Teams", "Roles & permissions"]);
    expect(page.link(/Broker portal/, menu).getAttribute("target")).toBe("_blank");
    expect(page.form({ button: "Log Out", within: menu })).toBeTruthy();
  });

  test("a sub-item opens its page", async () => {
    const { page, switcher } = await menuOf("admin");
    const roles = await page.click("Roles & permissions", switcher);
    expect(roles.path).toBe("/roles");
    expect(roles.h1).toBe("Roles & permissions");
  });

  test("a user who may view tasks only sees the company's name and no company pages", async () => {
    const { page, menu, links, company } = await menuOf("viewer");
    expect(company).toBe("Harbour Brokers");
    expect(links).toEqual([]);
    expect(page.links(/Broker portal/, menu)).toHaveLength(0);
  });

  test("an adviser sees the pages their permissions open: Company profile and Membership", async () => {
    const { links, company } = await menuOf("adviser");
    expect(company).toBe("Northgate Advisers");
    expect(links).toEqual(["Company profile", "Membership"]);
  });

  test("smallBusiness owner: no 'Company account' section; the company with Teams only", async () => {
    const { page, menu, links, company } = await menuOf("owner");
    expect(page.text("details[data-account-menu]")).not.toContain("Company account");
    expect(company).toBe("Bloom Bakery Ltd");
    expect(links).toEqual(["Teams"]);
    expect(page.links("Personal profile", menu)).toHaveLength(1);
    expect(page.links(/Broker portal/, menu)).toHaveLength(0);
  });
});
