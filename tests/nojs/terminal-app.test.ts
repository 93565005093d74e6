import { describe, expect, test } from "vitest";
import { NOJS, USERS } from "./env";
import { apiAs, NojsBrowser, type NojsPage, norm, uniqueToken } from "./harness";

/**
 * The terminal app without JavaScript (Bloom Bakery, smallBusiness): locations added, edited and deleted in
 * drawers and a confirmation; reader keys (the passwords must match); a simulated reader registered; the
 * payment page's PIN gate; a payment sent to a simulated reader, the approved test card presented from the
 * payment's own page, and the payment found in Customer transactions; a payment cancelled from its page, a
 * declined card shown there with its reason; the reader keys and readers lists filtered by location; a location
 * beyond the dropdowns' first 100 found by the name typed beside them, and a reader beyond the payment form's first
 * 100 likewise. Every test makes its own data, by unique names, in the demo tenant.
 */

const PIN = "1357";
const owner = () => NojsBrowser.as("owner");
/** The texts of a page's buttons. */
const buttons = (page: NojsPage) => page.$$("button").map((b) => norm(b.text));

/** A location added through the drawer, by name. */
async function addLocation(browser: NojsBrowser, name: string): Promise<NojsPage> {
  const list = await browser.goto("/terminal-app");
  const drawer = await list.click("ADD LOCATION");
  return drawer
    .form({ button: "Add location" })
    .fill("Display name", name)
    .fill("Address line 1", "1 High Street")
    .fill("Town or city", "Bath")
    .fill("Postcode", "BA1 1AA")
    .submit("Add location");
}

/** A simulated reader registered at a location, through the drawer. */
async function addReader(browser: NojsBrowser, location: string, label: string): Promise<NojsPage> {
  const readers = await browser.goto("/terminal-app/readers");
  return (await readers.click("REGISTER READER"))
    .form({ button: "Register reader" })
    .select("Location", location)
    .fill("Reader name", label)
    .submit("Register reader");
}

/** A payment sent to a reader (by its label) from the unlocked reader screen: its status page. */
async function sendPayment(browser: NojsBrowser, readerLabel: string, amount: string, description: string): Promise<NojsPage> {
  const pay = await unlock(browser);
  const form = pay.form({ button: "Charge on reader" });
  const option = form
    .control("Reader")
    .querySelectorAll("option")
    .find((o) => o.text.includes(readerLabel));
  expect(option).toBeTruthy();
  const sent = await form
    .select("Reader", option!.text.trim())
    .fill("Amount (£)", amount)
    .fill("Description (optional)", description)
    .submit("Charge on reader");
  expect(sent.path).toMatch(/^\/terminal-app\/pay\/\d+$/);
  expect(sent.text("dd[data-status]")).toBe("Waiting for card");
  return sent;
}

/** The reader screen unlocked with the right PIN. */
async function unlock(browser: NojsBrowser): Promise<NojsPage> {
  const gate = await browser.goto("/terminal-app/pay");
  if (!gate.$('section[aria-label="PIN"]')) return gate;
  return gate.form({ button: "Unlock" }).fill("PIN", PIN).submit("Unlock");
}

describe("Terminal app", () => {
  test("locations: added in the drawer (a bad postcode refused under the field, the typed values kept), edited, and deleted after a confirmation", async () => {
    const token = uniqueToken();
    const name = `Kiosk ${token}`;
    const browser = owner();
    const list = await browser.goto("/terminal-app");
    expect(list.status).toBe(200);
    expect(list.h1).toBe("Terminal app");

    const drawer = await list.click("ADD LOCATION");
    expect(drawer.path).toBe("/terminal-app/locations/new");
    expect(drawer.drawer()).not.toBeNull();
    const refused = await drawer
      .form({ button: "Add location" })
      .fill("Display name", name)
      .fill("Address line 1", "1 High Street")
      .fill("Town or city", "Bath")
      .fill("Postcode", "nowhere")
      .submit("Add location");
    expect(refused.status).toBe(422);
    expect(refused.fieldError("Postcode")).toBe("Enter a valid UK postcode.");
    expect(refused.form({ button: "Add location" }).value("Display name")).toBe(name);
    expect(refused.form({ button: "Add location" }).value("Postcode")).toBe("nowhere");

    const added = await refused.form({ button: "Add location" }).fill("Postcode", "BA1 1AA").submit("Add location");
    expect(added.path).toBe("/terminal-app");
    expect(added.toasts()).toContain("Location added.");
    expect(added.rowsWith(name)).toHaveLength(1);

    const edit = await added.click(`Edit ${name}`);
    expect(edit.form({ button: "Save" }).value("Display name")).toBe(name);
    const edited = await edit.form({ button: "Save" }).fill("Display name", `${name} East`).fill("Town or city", "Bristol").submit("Save");
    expect(edited.path).toBe("/terminal-app");
    expect(edited.rowsWith(`${name} East`)).toHaveLength(1);
    expect(edited.rowsWith(`${name} East`)[0].text).toContain("Bristol");

    const ask = await edited.click(`Delete ${name} East`);
    expect(ask.confirmation()).not.toBeNull();
    expect(ask.text()).toContain("Are you sure you want to delete this location?");
    const deleted = await ask.form({ button: "Delete", within: ask.confirmation() }).submit("Delete");
    expect(deleted.path).toBe("/terminal-app");
    expect(deleted.toasts()).toContain("Location deleted.");
    expect(deleted.rowsWith(name)).toHaveLength(0);
  });

  test("reader keys: passwords that differ are refused under the confirmation; matching ones add the key", async () => {
    const token = uniqueToken();
    const browser = owner();
    await addLocation(browser, `Stall ${token}`);
    const keys = await browser.goto("/terminal-app/keys");
    expect(keys.h1).toBe("Reader keys");
    const drawer = await keys.click("ADD READER KEY");
    const refused = await drawer
      .form({ button: "Add reader key" })
      .select("Location", `Stall ${token}`)
      .fill("Reader name", `Till ${token}`)
      .fill("Password", "sourdough-1")
      .fill("Confirm password", "sourdough-2")
      .submit("Add reader key");
    expect(refused.status).toBe(422);
    expect(refused.fieldError("Confirm password")).toBe("The passwords differ.");
    expect(refused.form({ button: "Add reader key" }).value("Reader name")).toBe(`Till ${token}`);
    expect(refused.form({ button: "Add reader key" }).value("Password")).toBe("");

    const added = await refused
      .form({ button: "Add reader key" })
      .fill("Password", "sourdough-1")
      .fill("Confirm password", "sourdough-1")
      .submit("Add reader key");
    expect(added.path).toBe("/terminal-app/keys");
    expect(added.toasts()).toContain("Reader key added.");
    expect(added.rowsWith(`Till ${token}`)).toHaveLength(1);

    // Renamed with the passwords left empty (kept), then deleted after a confirmation.
    const edit = await added.click(`Edit Till ${token}`);
    expect(edit.form({ button: "Save" }).value("Reader name")).toBe(`Till ${token}`);
    const saved = await edit.form({ button: "Save" }).fill("Reader name", `Till ${token} B`).submit("Save");
    expect(saved.path).toBe("/terminal-app/keys");
    expect(saved.toasts()).toContain("Reader key saved.");
    expect(saved.rowsWith(`Till ${token} B`)).toHaveLength(1);
    const ask = await saved.click(`Delete Till ${token} B`);
    const deleted = await ask.form({ button: "Delete", within: ask.confirmation() }).submit("Delete");
    expect(deleted.toasts()).toContain("Reader key deleted.");
    expect(deleted.rowsWith(`Till ${token}`)).toHaveLength(0);
  });

  test("readers: a simulated reader registered with its code", async () => {
    const token = uniqueToken();
    const browser = owner();
    await addLocation(browser, `Market ${token}`);
    const readers = await browser.goto("/terminal-app/readers");
    expect(readers.h1).toBe("Readers");
    const drawer = await readers.click("REGISTER READER");
    expect(drawer.form({ button: "Register reader" }).value("Registration code")).toBe("simulated-wpe");
    const registered = await drawer
      .form({ button: "Register reader" })
      .select("Location", `Market ${token}`)
      .fill("Reader name", `Counter ${token}`)
      .fill("Registration code", "simulated-wpe")
      .submit("Register reader");
    expect(registered.path).toBe("/terminal-app/readers");
    expect(registered.toasts()).toContain("Reader registered.");
    expect(registered.rowsWith(`Counter ${token}`)).toHaveLength(1);
    expect(registered.rowsWith(`Counter ${token}`)[0].text).toContain("simulated");

    const ask = await registered.click(`Delete Counter ${token}`);
    expect(ask.confirmation()).not.toBeNull();
    const deleted = await ask.form({ button: "Delete", within: ask.confirmation() }).submit("Delete");
    expect(deleted.path).toBe("/terminal-app/readers");
    expect(deleted.toasts()).toContain("Reader deleted.");
    expect(deleted.rowsWith(`Counter ${token}`)).toHaveLength(0);
  });

  test("the payment page's PIN gate: a wrong PIN refused under the field, the right one unlocks", async () => {
    const browser = owner();
    const gate = await browser.goto("/terminal-app/pay");
    expect(gate.status).toBe(200);
    expect(gate.h1).toBe("Take a payment");
    expect(gate.text()).toContain("Enter your PIN to unlock the reader screen for 5 minutes.");
    const wrong = await gate.form({ button: "Unlock" }).fill("PIN", "9999").submit("Unlock");
    expect(wrong.status).toBe(422);
    expect(wrong.fieldError("PIN")).toBe("The PIN is not right.");
    expect(wrong.form({ button: "Unlock" }).value("PIN")).toBe("");

    const open = await wrong.form({ button: "Unlock" }).fill("PIN", PIN).submit("Unlock");
    expect(open.path).toBe("/terminal-app/pay");
    expect(open.toasts()).toContain("Reader screen unlocked.");
    expect(open.form({ button: "Charge on reader" })).toBeTruthy();
    const locked = await open.form({ button: "Lock the reader screen" }).submit("Lock the reader screen");
    expect(locked.toasts()).toContain("Reader screen locked.");
    expect(locked.$('section[aria-label="PIN"]')).not.toBeNull();
  });

  test("a payment sent to a simulated reader, the approved test card presented on its page, then found in Customer transactions", async () => {
    const token = uniqueToken();
    const browser = owner();
    await addLocation(browser, `Pop-up ${token}`);
    const readers = await browser.goto("/terminal-app/readers");
    await (
      await readers.click("REGISTER READER")
    )
      .form({ button: "Register reader" })
      .select("Location", `Pop-up ${token}`)
      .fill("Reader name", `Reader ${token}`)
      .submit("Register reader");

    const pay = await unlock(browser);
    const form = pay.form({ button: "Charge on reader" });
    const reader = form.control("Reader");
    const option = reader.querySelectorAll("option").find((o) => o.text.includes(`Reader ${token}`));
    expect(option).toBeTruthy();
    const sent = await form
      .select("Reader", option!.text.trim())
      .fill("Amount (£)", "12.34")
      .fill("Description (optional)", `Cake ${token}`)
      .submit("Charge on reader");
    expect(sent.path).toMatch(/^\/terminal-app\/pay\/\d+$/);
    expect(sent.toasts()).toContain("Payment sent to the reader.");
    expect(sent.text("dd[data-status]")).toBe("Waiting for card");
    expect(sent.text()).toContain("£12.34");

    const approved = await sent.form({ button: "Visa: approved" }).submit("Visa: approved");
    expect(approved.path).toBe(sent.path);
    expect(approved.toasts()).toContain("Test card presented: approved.");
    expect(approved.text("dd[data-status]")).toBe("Approved");

    const detail = await approved.click("View in Customer transactions");
    expect(detail.path).toMatch(/^\/transactions\/\d+$/);
    expect(detail.h1).toBe("Payment of £12.34");

    const list = await browser.goto(`/transactions?search=${encodeURIComponent(`Cake ${token}`)}`);
    expect(list.rows()).toHaveLength(1);
    expect(list.rows()[0].text).toContain("£12.34");
  });

  test("a payment cancelled from its page: the reader stops, nothing is recorded, and the reader takes the next payment", async () => {
    const token = uniqueToken();
    const browser = owner();
    await addLocation(browser, `Stand ${token}`);
    await addReader(browser, `Stand ${token}`, `Till ${token}`);
    const sent = await sendPayment(browser, `Till ${token}`, "7.50", `Scone ${token}`);
    // Waiting: the page refreshes itself, offers the test cards and the cancel button.
    expect(sent.$('meta[http-equiv="refresh"]')).not.toBeNull();
    expect(sent.form({ button: "Visa: approved" })).toBeTruthy();

    const cancelled = await sent.form({ button: "Cancel payment" }).submit("Cancel payment");
    expect(cancelled.path).toBe(sent.path);
    expect(cancelled.toasts()).toContain("Payment cancelled.");
    expect(cancelled.text("dd[data-status]")).toBe("Cancelled");
    expect(cancelled.$('dd[data-status="cancelled"]')).not.toBeNull();
    // Finished: no refresh, no test cards, no cancel button, nothing in Customer transactions.
    expect(cancelled.$('meta[http-equiv="refresh"]')).toBeNull();
    expect(buttons(cancelled)).not.toContain("Cancel payment");
    expect(buttons(cancelled)).not.toContain("Visa: approved");
    expect(cancelled.links("View in Customer transactions")).toHaveLength(0);
    expect(cancelled.link("New payment")).toBeTruthy();
    const list = await browser.goto(`/transactions?search=${encodeURIComponent(`Scone ${token}`)}`);
    expect(list.rowsWith(`Scone ${token}`)).toHaveLength(0);
    expect(list.$("tr[data-empty]")).not.toBeNull();

    // The same form sent again (an old tab): still cancelled, nothing else happens.
    const again = await sent.form({ button: "Cancel payment" }).submit("Cancel payment");
    expect(again.text("dd[data-status]")).toBe("Cancelled");

    // The reader was stopped at the provider: it takes the next payment (a busy reader would be refused).
    const next = await sendPayment(browser, `Till ${token}`, "3.20", `Tea ${token}`);
    const paid = await next.form({ button: "Visa: approved" }).submit("Visa: approved");
    expect(paid.text("dd[data-status]")).toBe("Approved");
  });

  test("a declined card on the reader: the status page shows it declined with the card's reason, recorded as a failed payment", async () => {
    const token = uniqueToken();
    const browser = owner();
    await addLocation(browser, `Van ${token}`);
    await addReader(browser, `Van ${token}`, `Hatch ${token}`);
    const sent = await sendPayment(browser, `Hatch ${token}`, "15.00", `Pie ${token}`);

    const declined = await sent.form({ button: "Declined: insufficient_funds" }).submit("Declined: insufficient_funds");
    expect(declined.path).toBe(sent.path);
    expect(declined.toasts()).toContain("Test card presented: declined.");
    expect(declined.$('dd[data-status="declined"]')).not.toBeNull();
    expect(declined.text("dd[data-status]")).toBe("Declined: Your card has insufficient funds. (insufficient_funds)");
    // Finished: no refresh, no cancel; the failed attempt is in Customer transactions.
    expect(declined.$('meta[http-equiv="refresh"]')).toBeNull();
    expect(buttons(declined)).not.toContain("Cancel payment");
    const detail = await declined.click("View in Customer transactions");
    expect(detail.path).toMatch(/^\/transactions\/\d+$/);
    expect(detail.text()).toContain("Failed");
    expect(detail.text()).toContain("Your card has insufficient funds.");
    const list = await browser.goto(`/transactions?search=${encodeURIComponent(`Pie ${token}`)}`);
    expect(list.rows()).toHaveLength(1);
    expect(list.rows()[0].text).toContain("£15.00");

    // Another declining card on a new payment: its own reason (an expired card).
    const second = await sendPayment(browser, `Hatch ${token}`, "4.00", `Roll ${token}`);
    const expired = await second.form({ button: "Declined: expired_card" }).submit("Declined: expired_card");
    expect(expired.text("dd[data-status]")).toBe("Declined: Your card has expired. (expired_card)");
  });

  test("reader keys and readers filtered by location (Apply, a chip that removes it); a location's readers count opens its readers", async () => {
    const token = uniqueToken();
    const browser = owner();
    const [north, south] = [`North ${token}`, `South ${token}`];
    await addLocation(browser, north);
    await addLocation(browser, south);
    for (const [location, name] of [
      [north, `Key N ${token}`],
      [south, `Key S ${token}`],
    ]) {
      const drawer = await (await browser.goto("/terminal-app/keys")).click("ADD READER KEY");
      const added = await drawer
        .form({ button: "Add reader key" })
        .select("Location", location)
        .fill("Reader name", name)
        .fill("Password", "sourdough-1")
        .fill("Confirm password", "sourdough-1")
        .submit("Add reader key");
      expect(added.toasts()).toContain("Reader key added.");
    }
    await addReader(browser, north, `Reader N ${token}`);
    await addReader(browser, south, `Reader S ${token}`);

    try {
      const keys = await browser.goto(`/terminal-app/keys?search=${token}`);
      expect(keys.rowsWith(token)).toHaveLength(2);
      const byNorth = await keys.form({ button: "Apply" }).select("Location", north).submit("Apply");
      expect(byNorth.path).toBe("/terminal-app/keys");
      expect(byNorth.param("filter[location_id]")).toMatch(/^\d+$/);
      expect(byNorth.rowsWith(`Key N ${token}`)).toHaveLength(1);
      expect(byNorth.rowsWith(`Key S ${token}`)).toHaveLength(0);
      expect(byNorth.form({ button: "Apply" }).value("Location")).toBe(byNorth.param("filter[location_id]"));
      expect(byNorth.text('[aria-label="Active filters"]')).toContain(`Location: ${north}`);
      // Without the search, every row of the filtered list is at that location.
      const allNorth = await byNorth.goto(`/terminal-app/keys?${new URLSearchParams({ "filter[location_id]": byNorth.param("filter[location_id]")! })}`);
      expect(allNorth.rows().length).toBeGreaterThan(0);
      expect(allNorth.rows().every((r) => r.text.includes(north))).toBe(true);
      // The chip's ✕ brings the other location's key back.
      const unfiltered = await byNorth.click("Remove filter Location");
      expect(unfiltered.param("filter[location_id]")).toBeNull();
      expect(unfiltered.rowsWith(token)).toHaveLength(2);

      const readers = await browser.goto(`/terminal-app/readers?search=${token}`);
      expect(readers.rowsWith(token)).toHaveLength(2);
      const bySouth = await readers.form({ button: "Apply" }).select("Location", south).submit("Apply");
      expect(bySouth.rowsWith(`Reader S ${token}`)).toHaveLength(1);
      expect(bySouth.rowsWith(`Reader N ${token}`)).toHaveLength(0);
      expect(bySouth.text('[aria-label="Active filters"]')).toContain(`Location: ${south}`);

      // From the locations list: the readers count of a location opens the readers filtered by it.
      const locations = await browser.goto(`/terminal-app?search=${token}`);
      const atNorth = await locations.click(`Readers at ${north}: 1`);
      expect(atNorth.path).toBe("/terminal-app/readers");
      expect(
        atNorth
          .rows()
          .map((r) => r.text)
          .join(" "),
      ).toContain(`Reader N ${token}`);
      expect(atNorth.rowsWith(`Reader S ${token}`)).toHaveLength(0);
      // Filtered to nothing, the list says so (not that there are no readers yet).
      const none = await atNorth.goto(
        `/terminal-app/readers?${new URLSearchParams({ "filter[location_id]": atNorth.param("filter[location_id]")!, search: `none ${token}` })}`,
      );
      expect(none.text("tr[data-empty]")).toBe("No results found for your filters");

      // An address with a location that is not one of the company's: the filter is dropped, the whole list shown.
      const unknown = await browser.goto("/terminal-app/readers?filter%5Blocation_id%5D=999999999");
      expect(unknown.param("filter[location_id]")).toBeNull();
    } finally {
      // The lists remember their last filters per user: leave them unfiltered for the other tests.
      await browser.goto("/terminal-app/keys?reset=1");
      await browser.goto("/terminal-app/readers?reset=1");
    }
  });

  test("a reader registered and a reader key added at a location beyond the dropdown's first 100, found by the name typed beside it", async () => {
    const token = uniqueToken();
    const browser = owner();
    const far = await farLocations(token);
    const FIND = "Not listed? Type the location's name";
    try {
      // The location is not among the select's first 100; a name that finds none is said under it, all typed kept.
      const drawer = await (await browser.goto("/terminal-app/readers")).click("REGISTER READER");
      let form = drawer.form({ button: "Register reader" });
      const offered = form
        .control("Location")
        .querySelectorAll("option")
        .map((o) => o.getAttribute("value"));
      expect(offered.length).toBeGreaterThan(100);
      expect(offered).not.toContain(far.id);
      const refused = await form.fill("Reader name", `Reader F ${token}`).fill(FIND, `Nowhere ${token}`).submit("Register reader");
      expect(refused.status).toBe(422);
      expect(refused.fieldError("location_id")).toBe(`No results found for “Nowhere ${token}”.`);
      form = refused.form({ button: "Register reader" });
      expect(form.value(FIND)).toBe(`Nowhere ${token}`);
      expect(form.value("Reader name")).toBe(`Reader F ${token}`);
      const registered = await form.fill(FIND, far.name.toLowerCase()).submit("Register reader");
      expect(registered.toasts()).toContain("Reader registered.");
      expect(norm(registered.rowsWith(`Reader F ${token}`)[0]?.text)).toContain(far.name);

      // A reader key at the same location, found the same way; its edit form names it though it is not among the first 100.
      const keyDrawer = await (await browser.goto("/terminal-app/keys")).click("ADD READER KEY");
      const added = await keyDrawer
        .form({ button: "Add reader key" })
        .fill(FIND, far.name)
        .fill("Reader name", `Key F ${token}`)
        .fill("Password", "sourdough-1")
        .fill("Confirm password", "sourdough-1")
        .submit("Add reader key");
      expect(added.toasts()).toContain("Reader key added.");
      const keys = await browser.goto(`/terminal-app/keys?${new URLSearchParams({ search: `Key F ${token}` })}`);
      expect(norm(keys.rowsWith(`Key F ${token}`)[0]?.text)).toContain(far.name);
      const edit = (await keys.click(`Edit Key F ${token}`)).form({ button: "Save" });
      expect(edit.value("Location")).toBe(far.id);
      expect(norm(edit.control("Location").querySelector(`option[value="${far.id}"]`)?.text)).toBe(far.name);
    } finally {
      await browser.goto("/terminal-app/keys?reset=1");
      await browser.goto("/terminal-app/readers?reset=1");
      await far.remove();
    }
  });

  test("a payment on a reader beyond the form's first 100, found by the name typed beside it; the readers list's Take a payment chooses it on the form", async () => {
    const token = uniqueToken();
    const browser = owner();
    const far = await farReaders(token);
    const FIND = "Not listed? Type the reader's name";
    try {
      // The reader is not among the select's first 100; a name that finds none is said under it, what was typed kept.
      let form = (await unlock(browser)).form({ button: "Charge on reader" });
      const offered = form
        .control("Reader")
        .querySelectorAll("option")
        .map((o) => o.getAttribute("value"));
      expect(offered.length).toBeGreaterThan(100);
      expect(offered).not.toContain(far.id);
      const refused = await form.fill(FIND, `Nowhere ${token}`).fill("Amount (£)", "4.20").submit("Charge on reader");
      expect(refused.status).toBe(422);
      expect(refused.fieldError("reader_id")).toBe(`No results found for “Nowhere ${token}”.`);
      form = refused.form({ button: "Charge on reader" });
      expect(form.value(FIND)).toBe(`Nowhere ${token}`);
      expect(form.value("Amount (£)")).toBe("4.20");

      // Its name, typed in another case, finds it: the payment waits on that reader.
      const sent = await form.fill(FIND, far.label.toUpperCase()).submit("Charge on reader");
      expect(sent.path).toMatch(/^\/terminal-app\/pay\/\d+$/);
      expect(sent.text("dd[data-status]")).toBe("Waiting for card");
      expect(norm(sent.text("main"))).toContain(far.label);
      await sent.form({ button: "Cancel payment" }).submit("Cancel payment");

      // From the readers list, "Take a payment" on that reader opens the form with it chosen and named.
      const readers = await browser.goto(`/terminal-app/readers?${new URLSearchParams({ search: far.label })}`);
      const chosen = (await readers.click(`Take a payment on ${far.label}`)).form({ button: "Charge on reader" });
      expect(chosen.value("Reader")).toBe(far.id);
      expect(norm(chosen.control("Reader").querySelector(`option[value="${far.id}"]`)?.text)).toBe(`${far.label} (${far.location})`);
    } finally {
      await browser.goto("/terminal-app/readers?reset=1");
      await far.remove();
    }
  });

  test("the readers list filtered by a location beyond the filter's first 100, found by the name typed beside it; a name that finds none is said under the filter", async () => {
    const token = uniqueToken();
    const browser = owner();
    const far = await farLocations(token);
    await far.api.call("POST", "/terminal-app/readers", { location_id: Number(far.id), label: `Reader F ${token}`, registration_code: "simulated-wpe" });
    const FIND = "Location: not listed? Type a name";
    try {
      const readers = await browser.goto("/terminal-app/readers?page=1");
      expect(
        readers
          .control("filter[location_id]")
          .querySelectorAll("option")
          .map((o) => o.getAttribute("value")),
      ).not.toContain(far.id);
      const filtered = await readers.form(readers.control(FIND).closest("form")!).fill(FIND, far.name).submit("Apply");
      expect(filtered.param("filter[location_id]")).toBe(far.id);
      expect(filtered.param("find[location_id]")).toBeNull();
      expect(filtered.rows()).toHaveLength(1);
      expect(norm(filtered.rows()[0].text)).toContain(`Reader F ${token}`);
      expect(filtered.text('[aria-label="Active filters"]')).toContain(`Location: ${far.name}`);

      const none = await filtered.form(filtered.control(FIND).closest("form")!).fill(FIND, `Nowhere ${token}`).submit("Apply");
      const filterForm = none.control(FIND).closest("form")!;
      expect(none.fieldError("filter[location_id]", filterForm)).toBe(`No results found for “Nowhere ${token}”.`);
      expect(none.form(filterForm).value(FIND)).toBe(`Nowhere ${token}`);

      // With JavaScript the dropdown searches the same locations, and names a chosen one, through the portal.
      const searched = await browser.raw("GET", new URL(`/resources/terminal-locations?${new URLSearchParams({ search: far.name })}`, NOJS.smallbusiness));
      expect(JSON.parse(searched.body)).toEqual({ options: [{ value: far.id, label: far.name }], hasMore: false });
      const named = await browser.raw("GET", new URL(`/resources/terminal-locations?value=${far.id}`, NOJS.smallbusiness));
      expect(JSON.parse(named.body)).toEqual({ option: { value: far.id, label: far.name } });
    } finally {
      await browser.goto("/terminal-app/readers?reset=1");
      await far.remove();
    }
  });
});

/** Calls the API for each item, 15 at a time (the demo tenant is shared with the other tests); answers in order. */
async function inBatches<T, R>(items: T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (let i = 0; i < items.length; i += 15) answers.push(...(await Promise.all(items.slice(i, i + 15).map(each))));
  return answers;
}

/** 105 names after the token, numbered, to sort after the other tests' ('Zz …'): the last is beyond any first 100. */
const farNames = (prefix: string, token: string) => Array.from({ length: 105 }, (_, i) => `Zz ${prefix} ${token} ${String(i + 1).padStart(3, "0")}`);

const FAR_ADDRESS = { line1: "1 Far Lane", city: "Wells", postal_code: "BA5 1AA" };

/**
 * 105 locations made through the API: the last is beyond the dropdowns' first 100. `remove` deletes them (with their
 * readers), so the other tests' locations stay among the first.
 */
async function farLocations(token: string) {
  const api = await apiAs(USERS.owner.email);
  const names = farNames("Far", token);
  const made = await inBatches(names, (display_name) =>
    api.call<{ data: { id: number } }>("POST", "/terminal-app/locations", { display_name, ...FAR_ADDRESS }),
  );
  const ids = made.map((m) => m.data.id);
  const id = String(ids[ids.length - 1]);
  return {
    api,
    id,
    name: names[names.length - 1],
    async remove() {
      const readers = await api.call<{ data: { id: number }[] }>("GET", `/terminal-app/readers?filter[location_id]=${id}`);
      for (const reader of readers.data) await api.call("DELETE", `/terminal-app/readers/${reader.id}`);
      await inBatches(ids, (l) => api.call("DELETE", `/terminal-app/locations/${l}`));
    },
  };
}

/** 105 simulated readers at a location of their own: the last is beyond the payment form's first 100. */
async function farReaders(token: string) {
  const api = await apiAs(USERS.owner.email);
  const location = `Far Stall ${token}`;
  const made = await api.call<{ data: { id: number } }>("POST", "/terminal-app/locations", { display_name: location, ...FAR_ADDRESS });
  const labels = farNames("Till", token);
  const readers = await inBatches(labels, (label) =>
    api.call<{ data: { id: number } }>("POST", "/terminal-app/readers", { location_id: made.data.id, label, registration_code: "simulated-wpe" }),
  );
  const ids = readers.map((r) => r.data.id);
  return {
    id: String(ids[ids.length - 1]),
    label: labels[labels.length - 1],
    location,
    async remove() {
      await inBatches(ids, (r) => api.call("DELETE", `/terminal-app/readers/${r}`));
      await api.call("DELETE", `/terminal-app/locations/${made.data.id}`);
    },
  };
}
