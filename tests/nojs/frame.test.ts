import { describe, expect, test } from "vitest";
import { NOJS, USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, nameOf } from "./harness";

/**
 * The page frame without JavaScript: each edition's side menu per user, a menu link, the development
 * banner and theme by host, the greeting, and the account menu's entries (a native <details>, whose
 * contents are in the page). Layout on narrow screens, the skip link and the loader overlay need a
 * browser (tests/e2e/frame.spec.ts).
 */

const DEV_BANNER = "You are working on the current system in development mode.";

function menuLinks(page: NojsPage): string[] {
  return page.$$("aside#side-menu a[href]").map(nameOf);
}

function accountMenu(page: NojsPage) {
  return page.one("details[data-account-menu]");
}

describe("flightDeck menu", () => {
  test("a parent tenant's admin sees the flightDeck entries, Providers and no Flightplan", async () => {
    const page = await NojsBrowser.as("admin").goto("/dashboard");
    const links = menuLinks(page);
    for (const label of ["Dashboard", "Find Products", "Providers", "Tasks", "Online Policies", "Offline Policies", "Roles & permissions"])
      expect(links, label).toContain(label);
    expect(page.text("aside#side-menu")).toContain("Your secure DATA");
    expect(links).not.toContain("Flightplan");
    for (const label of ["Home", "Opportunities", "Individual customers", "Payments"]) expect(links, label).not.toContain(label);
  });

  test("a non-parent tenant's adviser sees Flightplan and no Providers", async () => {
    const links = menuLinks(await NojsBrowser.as("adviser").goto("/dashboard"));
    expect(links).toContain("Flightplan");
    expect(links).toContain("Dashboard");
    expect(links).not.toContain("Providers");
  });

  test("a user who may only view tasks sees only what they may open", async () => {
    const links = menuLinks(await NojsBrowser.as("viewer").goto("/dashboard"));
    expect(links).toContain("Tasks");
    expect(links).toContain("Dashboard");
    for (const label of ["Find Products", "Providers", "Online Policies", "Roles & permissions"]) expect(links, label).not.toContain(label);
  });

  test("a menu link opens its page, marked as the current one", async () => {
    const dashboard = await NojsBrowser.as("admin").goto("/dashboard");
    const tasks = await dashboard.click("Tasks", dashboard.one("aside#side-menu"));
    expect(tasks.path).toBe("/tasks");
    expect(tasks.h1).toBe("Tasks");
    expect(tasks.link("Tasks", tasks.one("aside#side-menu")).getAttribute("aria-current")).toBe("page");
  });
});

test("smallBusiness menu: the owner sees the smallBusiness entries and none of flightDeck's", async () => {
  const page = await NojsBrowser.as("owner").goto("/dashboard");
  const links = menuLinks(page);
  for (const label of ["Home", "Benefits", "Your calendar", "Opportunities", "Individual customers", "Payments", "Account settings"])
    expect(links, label).toContain(label);
  for (const label of ["Online Policies", "Find Products", "Providers", "Flightplan", "Dashboard"]) expect(links, label).not.toContain(label);
  expect(page.text("aside#side-menu")).not.toContain("Your secure DATA");
});

describe("page frame", () => {
  for (const [host, origin] of [
    ["flightdeck.localhost", NOJS.flightdeck],
    ["smallbusiness.localhost", NOJS.smallbusiness],
    ["localhost", NOJS.plain],
  ] as const) {
    test(`the development banner shows on ${host}`, async () => {
      expect((await new NojsBrowser(origin).goto("/login")).text()).toContain(DEV_BANNER);
    });
  }

  test("the sign-in page's theme follows the host", async () => {
    const sb = await new NojsBrowser(NOJS.smallbusiness).goto("/login");
    expect(sb.h1).toBe("Sign in to smallBusiness");
    expect(sb.title).toBe("Sign in | smallBusiness");
    const plain = await new NojsBrowser(NOJS.plain).goto("/login");
    expect(plain.h1).toBe("Sign in to flightDeck");
    expect(plain.title).toBe("Sign in | flightDeck");
  });

  test("signed-in pages show the banner, greet the user by first name and name the company, in both editions", async () => {
    const fd = await NojsBrowser.as("admin").goto("/dashboard");
    expect(fd.text()).toContain(DEV_BANNER);
    expect(fd.text("[data-greeting]")).toMatch(/^Good (Morning|Afternoon|Evening), Amelia$/);
    expect(fd.text("[data-company-bar]")).toBe("Harbour Brokers");
    const sb = await NojsBrowser.as("owner").goto("/dashboard");
    expect(sb.text()).toContain(DEV_BANNER);
    expect(sb.text("[data-greeting]")).toMatch(/^Good (Morning|Afternoon|Evening), Olivia$/);
    expect(sb.text("[data-company-bar]")).toBe("Bloom Bakery Ltd");
  });

  test("the skip link is the frame's first link and points at the main content", async () => {
    const page = await NojsBrowser.as("admin").goto("/tasks");
    const skip = page.one("[data-skip-link]");
    expect(page.$$("a[href]")[0]).toBe(skip);
    expect(nameOf(skip)).toBe("Skip to main content");
    expect(skip.getAttribute("href")).toBe("#main");
    expect(page.$("main#main")).not.toBeNull();
  });
});

test("the header's one row holds the menu toggle, the product's name over the greeting and a link to the search page; the account menu repeats the shortcuts for narrow screens", async () => {
  for (const [user, product, name, instagram] of [
    ["admin", "flightDeck", "Amelia", true],
    ["owner", "smallBusiness", "Olivia", false],
  ] as const) {
    const page = await NojsBrowser.as(user).goto("/dashboard");
    const header = page.one("header[data-header]");
    expect(header.querySelector("[data-menu-toggle]")?.getAttribute("for"), user).toBe("nav-toggle");
    expect(page.text("[data-header-title]"), user).toBe(product);
    expect(page.one("[data-header-search-link]").getAttribute("href"), user).toBe("/search");
    const menu = accountMenu(page);
    expect(page.text("header[data-header] [data-greeting]"), user).toMatch(new RegExp(`^Good (Morning|Afternoon|Evening), ${name}$`));
    const shortcuts = page.one("[data-menu-shortcuts]", menu);
    expect(page.link("Calendar", shortcuts).getAttribute("href"), user).toBe("/calendar");
    expect(page.link("Find products", shortcuts).getAttribute("href"), user).toBe("/find-products");
    expect(page.links(/Instagram/, shortcuts), user).toHaveLength(instagram ? 1 : 0);
  }
});

describe("account menu", () => {
  test("flightDeck admin: name, e-mail, Personal and Company profile, Broker portal in a new tab, Log Out", async () => {
    const page = await NojsBrowser.as("admin").goto("/dashboard");
    const menu = accountMenu(page);
    expect(menu.hasAttribute("open")).toBe(false);
    expect(page.text("details[data-account-menu]")).toContain("Amelia Hart");
    expect(page.text("details[data-account-menu]")).toContain(USERS.admin.email);
    expect(page.links("Personal profile", menu)).toHaveLength(1);
    expect(page.links("Company profile", menu)).toHaveLength(1);
    expect(page.form({ button: "Log Out", within: menu })).toBeTruthy();
    const broker = page.link(/Broker portal/, menu);
    expect(broker.getAttribute("target")).toBe("_blank");
    const { userUuid } = await apiAs(USERS.admin.email);
    expect(broker.getAttribute("href")).toMatch(new RegExp(`${userUuid}$`));
  });

  test("Personal profile opens the profile page", async () => {
    const page = await NojsBrowser.as("admin").goto("/dashboard");
    expect((await page.click("Personal profile", accountMenu(page))).path).toBe("/profile");
  });

  test("smallBusiness owner: e-mail and Personal profile, no Company profile and no Broker portal", async () => {
    const page = await NojsBrowser.as("owner").goto("/dashboard");
    const menu = accountMenu(page);
    expect(page.text("details[data-account-menu]")).toContain(USERS.owner.email);
    expect(page.links("Personal profile", menu)).toHaveLength(1);
    expect(page.form({ button: "Log Out", within: menu })).toBeTruthy();
    expect(page.links("Company profile", menu)).toHaveLength(0);
    expect(page.links(/Broker portal/, menu)).toHaveLength(0);
  });

  test("a flightDeck user without the broker-portal right sees no Broker portal link", async () => {
    const page = await NojsBrowser.as("viewer").goto("/dashboard");
    expect(page.text("details[data-account-menu]")).toContain(USERS.viewer.email);
    expect(page.links(/Broker portal/, accountMenu(page))).toHaveLength(0);
  });
});

describe("The frame says things once and agrees with itself", () => {
  test("a page not built yet says what it will hold and links back to the dashboard", async () => {
    const page = await NojsBrowser.as("admin").goto("/market-valuation");
    expect(page.status).toBe(200);
    expect(page.text("[data-not-built]")).toContain("This page is not built yet. It will hold what your book of business is worth");
    expect(page.link("Go to the dashboard", page.one("[data-not-built]")).getAttribute("href")).toBe("/dashboard");
  });

  test("smallBusiness: the menu's Home and the page's title agree, and the greeting is said once", async () => {
    const page = await NojsBrowser.as("owner").goto("/dashboard");
    expect(page.h1).toBe("Home");
    expect(page.links("Home", page.one("aside#side-menu"))).toHaveLength(1);
    expect(page.text().match(/Good (Morning|Afternoon|Evening)/g)).toHaveLength(1);
  });
});
