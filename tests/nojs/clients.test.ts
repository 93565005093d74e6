import { beforeAll, describe, expect, test } from "vitest";
import { PASSWORD, USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, norm, uniqueToken } from "./harness";

/**
 * Clients (individuals and companies; customers in smallBusiness) without JavaScript: a task added from a
 * client's page, clients beyond a dropdown's first 100 found by the text field beside it (task form,
 * individual form, the individuals' company filter), linking a person to a company as primary contact,
 * adding and renaming an individual in its drawers, the bank-details rules, a line's splits and the compliance
 * form refused under their fields, a filtered companies list shared by its URL, and bulk deletes that ask first. Every record a test changes is its own, named with a token.
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const individual = async (first: string, last: string, more: Record<string, unknown> = {}) =>
  (await api.call<{ data: { id: number } }>("POST", "/individual", { first_name: first, last_name: last, ...more }, 201)).data;
const company = async (name: string, more: Record<string, unknown> = {}) =>
  (await api.call<{ data: { id: number } }>("POST", "/company", { name, ...more }, 201)).data;

/** The value next to a <dt> of the page's details. */
function detail(page: NojsPage, term: string): string {
  const dt = page.$$("dt").find((d) => norm(d.text) === term);
  return norm((dt?.nextElementSibling as { text?: string } | null)?.text);
}

const admin = () => NojsBrowser.as("admin");

describe("Clients, as Harbour Brokers' admin", () => {
  test("a task for a client: added from the individual's Tasks tab with the individual chosen, shown on both pages; from a company's, the company chosen and Cancel goes back", async () => {
    const token = uniqueToken();
    const person = await individual("Tara", `Task${token}`, { email: `tara-${token}@example.com` });
    const org = await company(`Nojs Task Co ${token}`);
    const name = `Renewal call ${token}`;
    const browser = admin();
    // The tasks list remembers its filters; the new-task drawer over it keeps its own parameter when they come back.
    await browser.goto(`/tasks?search=${token}`);
    const tab = await browser.goto(`/individual/${person.id}?tab=tasks`);
    expect(tab.text()).toContain(`No tasks for Tara Task${token} yet.`);
    const add = await tab.click("Add task");
    expect(add.path).toBe("/tasks/new");
    const form = add.form({ button: "Create task", within: add.drawer() });
    expect(form.value("source_individual_id")).toBe(String(person.id));
    const pipeline = form.control("Pipeline").querySelectorAll("option")[1].getAttribute("value")!;
    const task = await form.fill("Name", name).select("Pipeline", pipeline).submit("Create task");
    expect(task.toasts()).toContain("Task created.");
    expect(task.h1).toBe(name);
    expect(detail(task, "Individual")).toBe(`Tara Task${token}`);
    expect((await browser.goto(`/individual/${person.id}?tab=tasks`)).links(name)).toHaveLength(1);

    const orgTab = await browser.goto(`/company/${org.id}?tab=tasks`);
    const orgAdd = await orgTab.click("Add task");
    expect(orgAdd.form({ button: "Create task", within: orgAdd.drawer() }).value("company_id")).toBe(String(org.id));
    const back = await orgAdd.click("Cancel", orgAdd.drawer()!);
    expect(back.path).toBe(`/company/${org.id}`);
    expect(back.param("tab")).toBe("tasks");
  });

  test("a client beyond the task form's first 100 choices is found by the name typed beside the dropdown", async () => {
    const token = uniqueToken();
    // Harbour has 300 individuals: names starting with 'Zz' sort after the select's first 100.
    await individual("Zzara", `Far${token}`, { email: `zzara-${token}@example.com` });
    await individual("Zzoe", `Twin${token}`);
    const twin = await individual("Zzuri", `Twin${token}`);
    const FIND = "Not listed? Type the individual's name or e-mail";
    const browser = admin();
    const page = await browser.goto("/tasks/new?page=1");
    let form = page.form({ button: "Create task", within: page.drawer() });
    expect(
      form
        .control("source_individual_id")
        .querySelectorAll("option")
        .filter((o) => o.text.includes(`Far${token}`)),
    ).toHaveLength(0);
    const pipeline = form.control("Pipeline").querySelectorAll("option")[1].getAttribute("value")!;

    // No results: said under the dropdown, what was typed kept.
    let answer = await form.fill("Name", `Found client ${token}`).select("Pipeline", pipeline).fill(FIND, `Nobody${token}`).submit("Create task");
    expect(answer.fieldError("source_individual_id")).toBe(`No results found for “Nobody${token}”.`);
    form = answer.form({ button: "Create task", within: answer.drawer() });
    expect(form.value(FIND)).toBe(`Nobody${token}`);
    expect(form.value("Name")).toBe(`Found client ${token}`);

    // Several match: the dropdown offers just those, and one is chosen from it.
    answer = await form.fill(FIND, `Twin${token}`).submit("Create task");
    expect(answer.fieldError("source_individual_id")).toBe(`2 match “Twin${token}”: choose one from the list.`);
    form = answer.form({ button: "Create task", within: answer.drawer() });
    expect(
      form
        .control("source_individual_id")
        .querySelectorAll("option")
        .filter((o) => o.getAttribute("value"))
        .map((o) => norm(o.text)),
    ).toEqual([`Zzoe Twin${token}`, `Zzuri Twin${token}`]);
    expect(form.value(FIND)).toBe("");
    const created = await form.select("source_individual_id", String(twin.id)).submit("Create task");
    expect(created.toasts()).toContain("Task created.");
    expect(detail(created, "Individual")).toBe(`Zzuri Twin${token}`);

    // One matches (here by its e-mail): chosen at once.
    const again = await browser.goto("/tasks/new?page=1");
    const byMail = await again
      .form({ button: "Create task", within: again.drawer() })
      .fill("Name", `Found by e-mail ${token}`)
      .select("Pipeline", pipeline)
      .fill(FIND, `ZZARA-${token}@example.com`)
      .submit("Create task");
    expect(byMail.toasts()).toContain("Task created.");
    expect(detail(byMail, "Individual")).toBe(`Zzara Far${token}`);
  });

  test("a new individual is linked to a company beyond the dropdown's first 100, found by its name", async () => {
    const token = uniqueToken();
    await company(`Zz Found Co ${token}`, { postcode: "ZZ1 1ZZ" });
    const FIND = "Not listed? Type the company's name";
    const page = await admin().goto("/individuals/new?page=1");
    let form = page.form({ button: "Create individual", within: page.drawer() });
    expect(
      form
        .control("company_id")
        .querySelectorAll("option")
        .filter((o) => o.text.includes(`Zz Found Co ${token}`)),
    ).toHaveLength(0);
    const refused = await form.fill("First name", "Finley").fill("Last name", `Found${token}`).fill(FIND, `Nowhere Co ${token}`).submit("Create individual");
    expect(refused.fieldError("company_id")).toBe(`No results found for “Nowhere Co ${token}”.`);
    form = refused.form({ button: "Create individual", within: refused.drawer() });
    expect(form.value("Last name")).toBe(`Found${token}`);
    const created = await form.fill(FIND, `zz found co ${token}`).submit("Create individual");
    expect(created.toasts()).toContain("Individual created.");
    expect(created.h1).toBe(`Finley Found${token}`);
    expect(created.text("[data-links]")).toContain(`Zz Found Co ${token}`);
  });

  test("the individuals list is filtered by a company beyond the filter's first 100, found by the name typed beside it", async () => {
    const token = uniqueToken();
    const first = await company(`Zz Twin ${token} A`);
    const second = await company(`Zz Twin ${token} B`);
    await individual("Wren", `Member${token}`, { company_id: second.id });
    await individual("Ash", `Other${token}`, { company_id: first.id });
    const FIND = "Company: not listed? Type a name";
    const page = await admin().goto("/individuals?page=1");
    const answer = await page.form(page.control(FIND).closest("form")!).fill(FIND, `Twin ${token}`).submit("Apply");
    expect(answer.fieldError("filter[company_id]")).toBe(`2 match “Twin ${token}”: choose one from the list.`);
    const form = answer.form(answer.control("filter[company_id]").closest("form")!);
    expect(
      form
        .control("filter[company_id]")
        .querySelectorAll("option")
        .filter((o) => o.getAttribute("value"))
        .map((o) => norm(o.text)),
    ).toEqual([`Zz Twin ${token} A`, `Zz Twin ${token} B`]);
    const filtered = await form.select("filter[company_id]", String(second.id)).submit("Apply");
    expect(filtered.param("filter[company_id]")).toBe(String(second.id));
    expect(filtered.rows()).toHaveLength(1);
    expect(norm(filtered.rows()[0].text)).toContain(`Wren Member${token}`);
    expect(filtered.text('[aria-label="Active filters"]')).toContain(`Zz Twin ${token} B`);
  });

  test("an individual is linked to a company as its primary contact with a job title; both pages and the list show it", async () => {
    const token = uniqueToken();
    const companyName = `Nojs Link Co ${token}`;
    const org = await company(companyName);
    const person = await individual("Lina", `Link${token}`, { email: `lina-${token}@example.com` });
    const fullName = `Lina Link${token}`;
    const browser = admin();
    const page = await browser.goto(`/individual/${person.id}`);
    expect(page.h1).toBe(fullName);
    expect(page.text()).toContain("Not linked to any company yet.");

    const found = await page.form({ button: "Find" }).fill("Find a company", token).submit("Find");
    const form = found.form({ button: "Link", within: found.one("[data-link-form]") });
    expect(
      form
        .control("#link-company_id")
        .querySelectorAll("option")
        .filter((o) => norm(o.text) === companyName),
    ).toHaveLength(1);
    const linked = await form.select("#link-company_id", companyName).select("Job title", "Finance director").check("Primary contact").submit("Link");
    expect(linked.toasts()).toContain(`Linked to ${companyName}.`);
    expect(linked.path).toBe(`/individual/${person.id}`);
    const link = linked.one(`[data-link="${org.id}"]`);
    expect(norm(link.text)).toContain(companyName);
    expect(norm(link.text)).toContain("Primary contact");
    expect(norm(link.text)).toContain("Finance director");
    expect(
      link
        .querySelectorAll("input")
        .find((i) => i.getAttribute("aria-label") === `Primary contact: ${companyName}`)
        ?.hasAttribute("checked"),
    ).toBe(true);

    const orgPage = await linked.click(companyName, link);
    expect(orgPage.path).toBe(`/company/${org.id}`);
    expect(orgPage.h1).toBe(companyName);
    const contact = norm(orgPage.one(`[data-link="${person.id}"]`).text);
    expect(contact).toContain(fullName);
    expect(contact).toContain("Primary contact");
    expect(contact).toContain("Finance director");

    const list = await browser.goto(`/companies?search=${encodeURIComponent(companyName)}`);
    expect(list.rows()).toHaveLength(1);
    expect(list.rowsWith(companyName)[0].text.replace(/\s+/g, "")).toContain(`${fullName}Financedirector`.replace(/\s+/g, ""));
  });

  test("an individual is added from the list's drawer (a bad telephone is refused under the field, what was typed kept) and renamed from its page", async () => {
    const token = uniqueToken();
    const browser = admin();
    const page = await browser.goto(`/individuals/new?search=${token}`);
    const refused = await page
      .form({ button: "Create individual", within: page.drawer() })
      .fill("First name", "Ada")
      .fill("Last name", `Drawer ${token}`)
      .fill("Telephone", "call me")
      .submit("Create individual");
    expect(refused.fieldError("Telephone", refused.drawer()!)).toBe("Enter a valid telephone number: digits, spaces, brackets and a leading +.");
    expect(refused.text("[data-drawer] [role=alert]")).toContain("Failed to create individual.");
    const form = refused.form({ button: "Create individual", within: refused.drawer() });
    expect(form.value("Last name")).toBe(`Drawer ${token}`);
    expect(form.value("Telephone")).toBe("call me");
    const created = await form.fill("Telephone", "01632 960123").submit("Create individual");
    expect(created.toasts()).toContain("Individual created.");
    expect(created.path).toMatch(/^\/individual\/\d+$/);
    const id = Number(created.path.split("/").pop());
    const edit = await browser.goto(`/individual/${id}/edit`);
    const saved = await edit.form({ button: "Save", within: edit.drawer() }).fill("First name", "Augusta").submit("Save");
    expect(saved.toasts()).toContain("Individual updated.");
    expect(saved.path).toBe(`/individual/${id}`);
    expect(saved.h1).toContain(`Augusta Drawer ${token}`);
  });

  test("bank details with a bad sort code show the error under the field and keep what was typed; fixed, they are saved", async () => {
    const token = uniqueToken();
    const org = await company(`Nojs Bank Co ${token}`);
    const browser = admin();
    const page = await browser.goto(`/company/${org.id}?tab=bank`);
    const refused = await page
      .form("[data-bank-form]")
      .fill("Account name", "Bank Co Trading Ltd")
      .fill("Account number", "1234567")
      .fill("Sort code", "12345")
      .submit("Save bank details");
    const bank = refused.one("[data-bank-form]");
    expect(refused.fieldError("Sort code", bank)).toBe("Enter a 6-digit sort code.");
    expect(refused.fieldError("Account number", bank)).toBe("Enter an 8-digit account number.");
    expect(refused.text("[data-bank-form] [role=alert]")).toBe("Failed to save the bank details.");
    const form = refused.form("[data-bank-form]");
    expect(form.control("Account name").getAttribute("aria-invalid")).not.toBe("true");
    expect(refused.path).toBe(`/company/${org.id}`);
    expect(refused.param("tab")).toBe("bank");
    expect(form.value("Account name")).toBe("Bank Co Trading Ltd");
    expect(form.value("Account number")).toBe("1234567");
    expect(form.value("Sort code")).toMatch(/^12-?34-?5$/);

    const saved = await form.fill("Account number", "12345678").fill("Sort code", "12-34-56").submit("Save bank details");
    expect(saved.toasts()).toContain("Bank details saved.");
    const reloaded = (await browser.goto(`/company/${org.id}?tab=bank`)).form("[data-bank-form]");
    expect(reloaded.value("Account name")).toBe("Bank Co Trading Ltd");
    expect(reloaded.value("Account number")).toBe("12345678");
    expect(reloaded.value("Sort code")).toBe("12-34-56");
    expect(reloaded.control("Sort code").getAttribute("aria-invalid")).not.toBe("true");
  });

  test("a company's broker data (a bad FCA number refused under the field, what was typed kept) and communication details are saved from its page; a note is added, shown as written, and deleted", async () => {
    const token = uniqueToken();
    const org = await company(`Nojs Broker Co ${token}`);
    const browser = admin();
    const page = await browser.goto(`/company/${org.id}?tab=bank`);
    const refused = await page
      .form({ button: "Save broker data" })
      .fill("FCA reference number", "12")
      .fill("Network", `Net ${token}`)
      .submit("Save broker data");
    const broker = refused.form({ button: "Save broker data" });
    expect(refused.fieldError("FCA reference number", broker.el)).toBe("The FCA reference number is 6 or 7 digits.");
    expect(broker.value("Network")).toBe(`Net ${token}`);
    expect(broker.value("FCA reference number")).toBe("12");
    const saved = await broker.fill("FCA reference number", "1234567").submit("Save broker data");
    expect(saved.toasts()).toContain("Broker data saved.");
    const again = await browser.goto(`/company/${org.id}?tab=bank`);
    expect(again.form({ button: "Save broker data" }).value("FCA reference number")).toBe("1234567");
    expect(again.form({ button: "Save broker data" }).value("Network")).toBe(`Net ${token}`);

    const comms = await again
      .form({ button: "Save communication details" })
      .fill("Preferred channel", "telephone")
      .check("marketing_sms")
      .submit("Save communication details");
    expect(comms.toasts()).toContain("Communication details saved.");
    const after = (await browser.goto(`/company/${org.id}?tab=bank`)).form({ button: "Save communication details" });
    expect(after.value("Preferred channel")).toBe("telephone");
    expect(after.checked("marketing_sms")).toBe(true);
    expect(after.checked("marketing_post")).toBe(false);

    const notes = await browser.goto(`/company/${org.id}?tab=notes`);
    const added = await notes.form({ button: "Add note" }).fill("New note", `<b>Called</b> ${token}`).submit("Add note");
    expect(added.toasts()).toContain("Note added.");
    const listed = await browser.goto(`/company/${org.id}?tab=notes`);
    expect(listed.text("[data-notes]")).toContain(`<b>Called</b> ${token}`);
    const deleted = await listed.form({ button: /Delete the note of/ }).submit(/Delete the note of/);
    expect(deleted.toasts()).toContain("Note deleted.");
    expect((await browser.goto(`/company/${org.id}?tab=notes`)).text()).toContain("No notes yet.");
  });

  test("an individual is archived and restored from its page's header", async () => {
    const token = uniqueToken();
    const person = await individual("Arch", `Ive ${token}`);
    const browser = admin();
    const page = await browser.goto(`/individual/${person.id}`);
    const archived = await page.form({ button: "Archive" }).submit("Archive");
    expect(archived.toasts()).toContain("Individual archived.");
    expect(archived.path).toBe(`/individual/${person.id}`);
    const restored = await archived.form({ button: "Restore" }).submit("Restore");
    expect(restored.toasts()).toContain("Individual restored.");
    expect(restored.form({ button: "Archive" }).buttons().length).toBeGreaterThan(0);
  });

  test("a line whose share is not a percentage is refused under its row, what was typed kept; fixed, it is added and edited", async () => {
    const token = uniqueToken();
    const org = await company(`Nojs Lines Co ${token}`);
    const browser = admin();
    const page = await browser.goto(`/company/${org.id}/lines/new`);
    const refused = await page
      .form({ button: "Save line", within: page.drawer() })
      .select("Line of business", "Cyber")
      .fill("Insurer", `Insurer ${token}`)
      .fill("Party 1", "Harbour")
      .fill("Share of party 1 (%)", "60")
      .fill("Party 3", "Introducer Ltd")
      .fill("Share of party 3 (%)", "0")
      .submit("Save line");
    expect(refused.status).toBe(422);
    // The second split sent was typed in the third row: its message is said there, not under the first rows.
    expect(norm(refused.text('[data-split-row="2"] .field-error'))).toBe("Enter a percentage above 0 and up to 100.");
    expect(norm(refused.text('[data-split-row="0"] .field-error'))).toBe("");
    expect(refused.text("[data-drawer] [role=alert]")).toContain("Failed to add the line.");
    const form = refused.form({ button: "Save line", within: refused.drawer() });
    expect(form.value("Insurer")).toBe(`Insurer ${token}`);
    expect(form.value("Party 3")).toBe("Introducer Ltd");
    expect(form.value("Share of party 3 (%)")).toBe("0");
    const added = await form.fill("Share of party 3 (%)", "15").submit("Save line");
    expect(added.toasts()).toContain("Line added.");
    expect(added.path).toBe(`/company/${org.id}`);
    expect(added.param("tab")).toBe("lines");

    const lineId = (await api.call<{ data: { lines: { id: number }[] } }>("GET", `/companies/${org.id}/lines-split`)).data.lines[0].id;
    const edit = await browser.goto(`/company/${org.id}/lines/${lineId}/edit`);
    const over = await edit.form({ button: "Save line", within: edit.drawer() }).fill("Share of party 2 (%)", "90").submit("Save line");
    expect(over.text("[data-drawer] [role=alert]")).toContain("Failed to update the line.");
    expect(norm(over.text("[data-drawer] fieldset > .field-error"))).toBe("The shares of a line may add up to 100% at most.");
    const updated = await over.form({ button: "Save line", within: over.drawer() }).fill("Share of party 2 (%)", "40").submit("Save line");
    expect(updated.toasts()).toContain("Line updated.");
  });

  test("compliance information with an AML check in the future is refused under the field, what was typed kept; fixed, it is saved", async () => {
    const token = uniqueToken();
    const org = await company(`Nojs Compliance Co ${token}`);
    const browser = admin();
    const page = await browser.goto(`/company/${org.id}/compliance-information`);
    const nextYear = `${new Date().getFullYear() + 1}-06-01`;
    const refused = await page
      .form({ button: "Save compliance information" })
      .fill("AML check done on", nextYear)
      .fill("Notes", `Checked by phone ${token}`)
      .submit("Save compliance information");
    expect(refused.status).toBe(422);
    expect(refused.fieldError("AML check done on")).toBe("The date may not be in the future.");
    const form = refused.form({ button: "Save compliance information" });
    expect(form.value("AML check done on")).toBe(nextYear);
    expect(form.value("Notes")).toBe(`Checked by phone ${token}`);
    const saved = await form.fill("AML check done on", "2026-01-05").submit("Save compliance information");
    expect(saved.toasts()).toContain("Compliance information saved.");
    expect(saved.path).toBe(`/company/${org.id}/compliance-information`);
    expect(saved.text()).toContain(`Checked by phone ${token}`);
  });

  test("the companies list filtered by type and employee size (Apply) is the same list when its URL is opened in a fresh session", async () => {
    const page = await admin().goto("/companies?page=1");
    expect(page.h1).toBe("Companies");
    const byType = await page.form(page.control("#filter-type_id").closest("form")!).select("#filter-type_id", "Partnership").submit("Apply");
    expect(byType.param("filter[type_id]")).not.toBeNull();
    const both = await byType.form(byType.control("#filter-employee_size_id").closest("form")!).select("#filter-employee_size_id", "2-9").submit("Apply");
    expect(both.param("filter[employee_size_id]")).not.toBeNull();
    expect(both.param("filter[type_id]")).not.toBeNull();
    expect(both.text('[aria-label="Active filters"]')).toContain("Type: Partnership");
    expect(both.text('[aria-label="Active filters"]')).toContain("Employee size: 2-9");
    const types = both.column(3);
    expect(types.length, "the seeded book has 2-9 people partnerships").toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(["Partnership"]));
    const names = both.column(2);

    const fresh = new NojsBrowser();
    expect((await fresh.signIn(USERS.admin.email, PASSWORD)).path).toBe(USERS.admin.landing);
    const opened = await fresh.goto(both.url.pathname + both.url.search);
    expect(opened.url.toString()).toBe(both.url.toString());
    const filters = opened.form(opened.control("#filter-type_id").closest("form")!);
    expect(filters.value("#filter-type_id")).toBe(both.param("filter[type_id]"));
    expect(filters.value("#filter-employee_size_id")).toBe(both.param("filter[employee_size_id]"));
    expect(opened.text('[aria-label="Active filters"]')).toContain("Type: Partnership");
    expect(opened.column(2)).toEqual(names);
  });

  test("bulk delete of individuals asks first: Cancel keeps them, Remove deletes them", async () => {
    const token = uniqueToken();
    await individual("Della", `Bulk${token}`);
    await individual("Dora", `Bulk${token}`);
    const list = await admin().goto(`/individuals?search=Bulk${token}`);
    expect(list.rows()).toHaveLength(2);
    const ask = await list.form({ button: "Delete" }).check(`Select Della Bulk${token}`).check(`Select Dora Bulk${token}`).submit("Delete");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete these 2 individuals?");
    expect(ask.path).toBe("/individuals/delete");
    const kept = await ask.click("Cancel", ask.confirmation()!);
    expect(kept.path).toBe("/individuals");
    expect(kept.param("search")).toBe(`Bulk${token}`);
    expect(kept.confirmation()).toBeNull();
    expect(kept.rows()).toHaveLength(2);
    const again = await kept.form({ button: "Delete" }).check(`Select Della Bulk${token}`).check(`Select Dora Bulk${token}`).submit("Delete");
    const done = await again.form({ button: "Remove", within: again.confirmation() }).submit("Remove");
    expect(done.toasts()).toContain("2 individuals deleted.");
    expect(done.path).toBe("/individuals");
    expect(done.text()).toContain("No results found for your filters");
  });

  test("bulk delete of companies asks first; with nothing chosen it says 'No items selected'", async () => {
    const token = uniqueToken();
    const name = `Nojs Bulk Co ${token}`;
    await company(name);
    const list = await admin().goto(`/companies?search=${encodeURIComponent(name)}`);
    expect(list.rows()).toHaveLength(1);
    const none = await list.form({ button: "Delete" }).submit("Delete");
    expect(none.alerts().some((a) => a.includes("No items selected"))).toBe(true);
    const ask = await none.form({ button: "Delete" }).check(`Select ${name}`).submit("Delete");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this company?");
    const done = await ask.form({ button: "Remove", within: ask.confirmation() }).submit("Remove");
    expect(done.toasts()).toContain("Company deleted.");
    expect(done.rowsWith(name)).toHaveLength(0);
  });
});

test("Clients in smallBusiness: Bloom Bakery sees 'Individual customers' and 'Company customers'", async () => {
  const owner = NojsBrowser.as("owner");
  const people = await owner.goto("/individuals?page=1");
  expect(people.h1).toBe("Individual customers");
  expect(people.title).toMatch(/^Individual customers \| /);
  expect(people.links("ADD INDIVIDUAL CUSTOMER")).toHaveLength(1);
  expect(people.rows().length).toBeGreaterThan(0);
  const orgs = await owner.goto("/companies?page=1");
  expect(orgs.h1).toBe("Company customers");
  expect(orgs.$('input[placeholder="Search company customers"]')).not.toBeNull();
});
