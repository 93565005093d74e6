import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { E2E, PASSWORD, USERS, apiSignIn, expectHydrated, expectPath, origin, startSession } from "./helpers";
import { confirmDialog, drawer, expectNoBulkButtons, expectParam, openFilters, rowWith, tableRows, toast, uniqueToken } from "./lists";

/**
 * Clients (individuals and companies; individual and company customers in smallBusiness), with
 * JavaScript on and off: adding and renaming an individual through its drawers, linking a person to a
 * company as its primary contact with a job title, the bank-details rules, a filtered companies list shared
 * by its URL, and bulk deletes that ask first.
 *
 * The js and nojs runs share one database: every record a test changes is one it created through the
 * API, named with a random token; lists are always opened with an explicit query.
 */

const isNoJs = (testInfo: TestInfo) => testInfo.project.name === "nojs";

// Each test walks through several pages (and signs in twice for the shared URL): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** An API client signed in as the Harbour admin, to set up a test's own clients. */
async function clientsApi(request: APIRequestContext) {
  const { token } = await apiSignIn(request, USERS.admin.email);
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`${E2E.main.api}${path}`, { headers, data });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  return {
    individual: (first: string, last: string, more: Record<string, unknown> = {}) => post("/individual", { first_name: first, last_name: last, ...more }),
    company: (name: string, more: Record<string, unknown> = {}) => post("/company", { name, ...more }),
    async removeIndividual(id: number) {
      await request.delete(`${E2E.main.api}/individual/${id}`, { headers });
    },
    async typeId(name: string) {
      const res = await request.get(`${E2E.main.api}/get-types`, { headers });
      const types = ((await res.json()) as { data: { id: number; name: string }[] }).data;
      const found = types.find((t) => t.name === name);
      expect(found, `company type ${name}`).toBeTruthy();
      return found!.id;
    },
  };
}

/** The error line under a control (the element its aria-describedby points at first). */
async function fieldError(control: Locator): Promise<Locator> {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(/\s+/).find((id) => id.endsWith("-error"));
  expect(errorId, "the control points at its error line").toBeTruthy();
  return control.page().locator(`[id="${errorId}"].field-error`);
}

/** Chooses an option of a searchable dropdown: typing into the combobox with JavaScript, the no-JavaScript search form and select without. */
async function chooseSearchable(
  page: Page,
  testInfo: TestInfo,
  { id, searchLabel, search, option }: { id: string; searchLabel: string; search: string; option: string },
) {
  if (isNoJs(testInfo)) {
    await page.getByLabel(searchLabel, { exact: true }).fill(search);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.locator(`select#${id} option`, { hasText: option })).toHaveCount(1);
    await page.locator(`select#${id}`).selectOption({ label: option });
  } else {
    const input = page.locator(`input#${id}`);
    await input.click();
    await input.fill(search);
    await page.getByRole("option", { name: option, exact: true }).click();
    await expect(input).toHaveValue(option);
  }
}

test.describe("Clients, as Harbour Brokers' admin", () => {
  test.beforeEach(async ({ page }) => {
    await startSession(page, USERS.admin);
  });

  test("a task for a client: added from the individual's Tasks tab with the individual chosen, shown on both pages; from a company's, the company chosen and Cancel goes back", async ({
    page,
    request,
  }) => {
    const token = uniqueToken(test.info());
    const api = await clientsApi(request);
    const person = await api.individual("Tara", `Task${token}`, { email: `tara-${token}@example.com` });
    const company = await api.company(`E2E Task Co ${token}`);
    const name = `Renewal call ${token}`;

    // The tasks list remembers its filters; the new-task drawer over it keeps its own parameter when they come back.
    await page.goto(`/tasks?search=${token}`);
    await page.goto(`/individual/${person.id}?tab=tasks`);
    await expect(page.getByText(`No tasks for Tara Task${token} yet.`)).toBeVisible();
    await page.getByRole("link", { name: "Add task", exact: true }).click();
    await expectPath(page, "/tasks/new");
    const form = drawer(page);
    await expect(form.locator('[name="source_individual_id"]')).toHaveValue(String(person.id));
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await form.getByRole("combobox", { name: "Pipeline", exact: true }).selectOption({ index: 1 });
    await form.getByRole("button", { name: "Create task", exact: true }).click();
    await expect(toast(page, "Task created.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator("dt", { hasText: /^Individual$/ }).locator("xpath=following-sibling::dd")).toHaveText(`Tara Task${token}`);

    await page.goto(`/individual/${person.id}?tab=tasks`);
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

    await page.goto(`/company/${company.id}?tab=tasks`);
    await page.getByRole("link", { name: "Add task", exact: true }).click();
    await expect(drawer(page).locator('[name="company_id"]')).toHaveValue(String(company.id));
    await drawer(page).getByRole("link", { name: "Cancel", exact: true }).click();
    await expectPath(page, `/company/${company.id}`);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("tasks");
  });

  test("without JavaScript, a client beyond the task form's first 100 choices is found by the name typed beside the dropdown", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(!isNoJs(testInfo), "with JavaScript the dropdown itself searches as one types");
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    // Harbour has 300 individuals: names starting with 'Zz' sort after the select's first 100.
    await api.individual("Zzara", `Far${token}`, { email: `zzara-${token}@example.com` });
    await api.individual("Zzoe", `Twin${token}`);
    const twin = await api.individual("Zzuri", `Twin${token}`);
    const select = () => drawer(page).locator('select[name="source_individual_id"]');
    const find = () => drawer(page).getByRole("textbox", { name: "Not listed? Type the individual's name or e-mail" });
    const createButton = () => drawer(page).getByRole("button", { name: "Create task", exact: true });

    await page.goto("/tasks/new?page=1");
    await expect(select().locator("option", { hasText: `Far${token}` })).toHaveCount(0);
    await drawer(page).getByRole("textbox", { name: "Name", exact: true }).fill(`Found client ${token}`);
    await drawer(page).getByRole("combobox", { name: "Pipeline", exact: true }).selectOption({ index: 1 });

    // No results: said under the dropdown, what was typed kept.
    await find().fill(`Nobody${token}`);
    await createButton().click();
    await expect(await fieldError(select())).toHaveText(`No results found for “Nobody${token}”.`);
    await expect(find()).toHaveValue(`Nobody${token}`);
    await expect(drawer(page).getByRole("textbox", { name: "Name", exact: true })).toHaveValue(`Found client ${token}`);

    // Several match: the dropdown offers just those, and one is chosen from it.
    await find().fill(`Twin${token}`);
    await createButton().click();
    await expect(await fieldError(select())).toHaveText(`2 match “Twin${token}”: choose one from the list.`);
    await expect(select().locator("option:not([value=''])")).toHaveText([`Zzoe Twin${token}`, `Zzuri Twin${token}`]);
    await expect(find()).toHaveValue("");
    await select().selectOption(String(twin.id));
    await createButton().click();
    await expect(toast(page, "Task created.")).toBeVisible();
    await expect(page.locator("dt", { hasText: /^Individual$/ }).locator("xpath=following-sibling::dd")).toHaveText(`Zzuri Twin${token}`);

    // One matches (here by its e-mail): chosen at once.
    await page.goto("/tasks/new?page=1");
    await drawer(page).getByRole("textbox", { name: "Name", exact: true }).fill(`Found by e-mail ${token}`);
    await drawer(page).getByRole("combobox", { name: "Pipeline", exact: true }).selectOption({ index: 1 });
    await find().fill(`ZZARA-${token}@example.com`);
    await createButton().click();
    await expect(toast(page, "Task created.")).toBeVisible();
    await expect(page.locator("dt", { hasText: /^Individual$/ }).locator("xpath=following-sibling::dd")).toHaveText(`Zzara Far${token}`);
  });

  test("without JavaScript, a new individual is linked to a company beyond the dropdown's first 100, found by its name", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(!isNoJs(testInfo), "with JavaScript the dropdown itself searches as one types");
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    // Harbour has 300 companies: 'Zz…' sorts after the select's first 100.
    await api.company(`Zz Found Co ${token}`, { postcode: "ZZ1 1ZZ" });
    await page.goto("/individuals/new?page=1");
    const form = drawer(page);
    const select = form.locator('select[name="company_id"]');
    await expect(select.locator("option", { hasText: `Zz Found Co ${token}` })).toHaveCount(0);
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Finley");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill(`Found${token}`);
    const find = form.getByRole("textbox", { name: "Not listed? Type the company's name" });
    await find.fill(`Nowhere Co ${token}`);
    await form.getByRole("button", { name: "Create individual", exact: true }).click();
    await expect(await fieldError(select)).toHaveText(`No results found for “Nowhere Co ${token}”.`);
    await expect(form.getByRole("textbox", { name: "Last name", exact: true })).toHaveValue(`Found${token}`);
    await find.fill(`zz found co ${token}`);
    await form.getByRole("button", { name: "Create individual", exact: true }).click();
    await expect(toast(page, "Individual created.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Finley Found${token}`);
    await expect(page.locator("[data-links]")).toContainText(`Zz Found Co ${token}`);
  });

  test("without JavaScript, the individuals list is filtered by a company beyond the filter's first 100, found by the name typed beside it", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(!isNoJs(testInfo), "with JavaScript the filter's dropdown searches as one types");
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    const first = await api.company(`Zz Twin ${token} A`);
    const second = await api.company(`Zz Twin ${token} B`);
    await api.individual("Wren", `Member${token}`, { company_id: second.id });
    await api.individual("Ash", `Other${token}`, { company_id: first.id });
    await page.goto("/individuals?page=1");
    await openFilters(page);
    const find = page.getByRole("textbox", { name: "Company: not listed? Type a name" });
    const form = page.locator("form", { has: find });
    await find.fill(`Twin ${token}`);
    await form.getByRole("button", { name: "Apply" }).click();
    const select = form.locator('select[name="filter[company_id]"]');
    await expect(await fieldError(select)).toHaveText(`2 match “Twin ${token}”: choose one from the list.`);
    await expect(select.locator("option:not([value=''])")).toHaveText([`Zz Twin ${token} A`, `Zz Twin ${token} B`]);
    await openFilters(page);
    await select.selectOption(String(second.id));
    await form.getByRole("button", { name: "Apply" }).click();
    await expectParam(page, "filter[company_id]", String(second.id));
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText(`Wren Member${token}`);
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText(`Zz Twin ${token} B`);
  });

  test("an individual is linked to a company as its primary contact with a job title; both pages and the list show it", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    const companyName = `E2E Link Co ${token}`;
    const company = await api.company(companyName);
    const person = await api.individual("Lina", `Link${token}`, { email: `lina-${token}@example.com` });
    const fullName = `Lina Link${token}`;

    await page.goto(`/individual/${person.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fullName);
    await expect(page.getByText("Not linked to any company yet.")).toBeVisible();

    await chooseSearchable(page, testInfo, { id: "link-company_id", searchLabel: "Find a company", search: token, option: companyName });
    const form = page.locator("[data-link-form]");
    await form.getByLabel("Job title", { exact: true }).selectOption({ label: "Finance director" });
    await form.getByLabel("Primary contact", { exact: true }).check();
    await form.getByRole("button", { name: "Link", exact: true }).click();

    await expect(toast(page, `Linked to ${companyName}.`)).toBeVisible();
    await expectPath(page, `/individual/${person.id}`);
    const link = page.locator(`[data-link="${company.id}"]`);
    await expect(link).toContainText(companyName);
    await expect(link).toContainText("Primary contact");
    await expect(link).toContainText("Finance director");
    await expect(link.getByLabel(`Primary contact: ${companyName}`)).toBeChecked();

    // The company's page lists the person first, as its primary contact.
    await link.getByRole("link", { name: companyName, exact: true }).click();
    await expectPath(page, `/company/${company.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(companyName);
    const contact = page.locator(`[data-link="${person.id}"]`);
    await expect(contact).toContainText(fullName);
    await expect(contact).toContainText("Primary contact");
    await expect(contact).toContainText("Finance director");

    // And the companies list shows the primary contact with the job title.
    await page.goto(`/companies?search=${encodeURIComponent(companyName)}`);
    await expect(tableRows(page)).toHaveCount(1);
    await expect(rowWith(page, companyName)).toContainText(`${fullName}Finance director`);
  });

  test("an individual is added from the list's drawer (a bad telephone is refused under the field, what was typed kept) and renamed from its page", async ({
    page,
    request,
  }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    await page.goto(`/individuals/new?search=${token}`);
    const drawer = page.locator("[data-drawer]");
    await drawer.getByLabel("First name").fill("Ada");
    await drawer.getByLabel("Last name").fill(`Drawer ${token}`);
    await drawer.getByLabel("Telephone").fill("call me");
    await drawer.getByRole("button", { name: "Create individual" }).click();
    await expect(await fieldError(drawer.getByLabel("Telephone"))).toHaveText("Enter a valid telephone number: digits, spaces, brackets and a leading +.");
    await expect(drawer.getByRole("alert")).toContainText("Failed to create individual.");
    await expect(drawer.getByLabel("Last name")).toHaveValue(`Drawer ${token}`);
    await expect(drawer.getByLabel("Telephone")).toHaveValue("call me");

    await drawer.getByLabel("Telephone").fill("01632 960123");
    await drawer.getByRole("button", { name: "Create individual" }).click();
    await expect(toast(page, "Individual created.")).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/individual\/\d+$/.test(url.pathname));
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    try {
      await page.goto(`/individual/${id}/edit`);
      await drawer.getByLabel("First name").fill("Augusta");
      await drawer.getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(page, "Individual updated.")).toBeVisible();
      await expectPath(page, `/individual/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Augusta Drawer ${token}`);
    } finally {
      await api.removeIndividual(id);
    }
  });

  test("bank details with a bad sort code show the error under the field and keep what was typed; fixed, they are saved", async ({
    page,
    request,
  }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    const company = await api.company(`E2E Bank Co ${token}`);

    await page.goto(`/company/${company.id}?tab=bank`);
    const form = page.locator("[data-bank-form]");
    // The page's sections are an island: with JavaScript, typed into once hydrated (the sort code grouped as typed).
    await expectHydrated(form);
    // The labels of required fields also carry the asterisk: found by role and name.
    const name = form.getByRole("textbox", { name: "Account name", exact: true });
    const number = form.getByRole("textbox", { name: "Account number", exact: true });
    const sortCode = form.getByRole("textbox", { name: "Sort code", exact: true });
    await name.fill("Bank Co Trading Ltd");
    await number.fill("1234567");
    await sortCode.fill("12345");
    await form.getByRole("button", { name: "Save bank details", exact: true }).click();

    await expect(await fieldError(sortCode)).toHaveText("Enter a 6-digit sort code.");
    await expect(await fieldError(number)).toHaveText("Enter an 8-digit account number.");
    await expect(form.getByRole("alert")).toHaveText("Failed to save the bank details.");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    await expectPath(page, `/company/${company.id}`);
    await expectParam(page, "tab", "bank");
    // What was typed is still there (the sort code grouped in pairs).
    await expect(name).toHaveValue("Bank Co Trading Ltd");
    await expect(number).toHaveValue("1234567");
    await expect(sortCode).toHaveValue("12-34-5");

    await number.fill("12345678");
    await sortCode.fill("12-34-56");
    await form.getByRole("button", { name: "Save bank details", exact: true }).click();
    await expect(toast(page, "Bank details saved.")).toBeVisible();
    await page.reload();
    await expect(name).toHaveValue("Bank Co Trading Ltd");
    await expect(number).toHaveValue("12345678");
    await expect(sortCode).toHaveValue("12-34-56");
    await expect(sortCode).not.toHaveAttribute("aria-invalid", "true");
  });

  test(
    "the companies list filtered by type (and employee size) is the same list when its URL is opened in a fresh session",
    { tag: "@smoke" },
    async ({ page, browser }, testInfo) => {
      await page.goto("/companies?page=1");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Companies");
      const filters = page.locator("form:has(#filter-type_id)");
      await openFilters(page);
      await filters.locator("#filter-type_id").selectOption({ label: "Partnership" });
      if (isNoJs(testInfo)) await filters.getByRole("button", { name: "Apply", exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.has("filter[type_id]"));
      await openFilters(page);
      await page.locator("form:has(#filter-employee_size_id) #filter-employee_size_id").selectOption({ label: "2-9" });
      if (isNoJs(testInfo)) await page.locator("form:has(#filter-type_id)").getByRole("button", { name: "Apply", exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.has("filter[employee_size_id]") && url.searchParams.has("filter[type_id]"));
      await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Type: Partnership");
      await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Employee size: 2-9");
      const types = await tableRows(page).locator("td:nth-child(3)").allInnerTexts();
      expect(types.length, "the seeded book has 2-9 people partnerships").toBeGreaterThan(0);
      expect(new Set(types.map((t) => t.trim()))).toEqual(new Set(["Partnership"]));
      const names = await tableRows(page).locator("td:nth-child(2)").allInnerTexts();
      const shared = page.url();

      const context = await browser.newContext({ javaScriptEnabled: !isNoJs(testInfo), baseURL: E2E.main.flightdeck });
      try {
        const fresh = await context.newPage();
        await fresh.goto("/login");
        await fresh.locator("input[name=email]").fill(USERS.admin.email);
        await fresh.locator("input[name=password]").fill(PASSWORD);
        await fresh.getByRole("button", { name: "Sign in", exact: true }).click();
        await expectPath(fresh, USERS.admin.landing);
        await fresh.goto(shared);
        await expect(fresh).toHaveURL(shared);
        await expect(fresh.locator("#filter-type_id")).toHaveValue(new URL(shared).searchParams.get("filter[type_id]")!);
        await expect(fresh.locator("#filter-employee_size_id")).toHaveValue(new URL(shared).searchParams.get("filter[employee_size_id]")!);
        await expect(fresh.getByRole("list", { name: "Active filters" })).toContainText("Type: Partnership");
        await expect(tableRows(fresh).locator("td:nth-child(2)")).toHaveText(names.map((n) => n.trim()));
      } finally {
        await context.close();
      }
    },
  );

  test("bulk delete of individuals asks first: Cancel keeps them, Remove deletes them", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    await api.individual("Della", `Bulk${token}`);
    await api.individual("Dora", `Bulk${token}`);

    await page.goto(`/individuals?search=Bulk${token}`);
    await expect(tableRows(page)).toHaveCount(2);
    await page.getByLabel(`Select Della Bulk${token}`, { exact: true }).check();
    await page.getByLabel(`Select Dora Bulk${token}`, { exact: true }).check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();

    const dialog = confirmDialog(page);
    await expect(dialog).toContainText("Are you sure you want to delete these 2 individuals?");
    await expectPath(page, "/individuals/delete");
    await dialog.getByRole("link", { name: "Cancel", exact: true }).click();
    await expectPath(page, "/individuals");
    await expectParam(page, "search", `Bulk${token}`);
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(tableRows(page)).toHaveCount(2);

    await page.getByLabel(`Select Della Bulk${token}`, { exact: true }).check();
    await page.getByLabel(`Select Dora Bulk${token}`, { exact: true }).check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
    await expect(toast(page, "2 individuals deleted.")).toBeVisible();
    await expectPath(page, "/individuals");
    await expect(page.getByText("No results found for your filters")).toBeVisible();
  });

  test("bulk delete of companies asks first; with nothing chosen no bulk button shows", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await clientsApi(request);
    const name = `E2E Bulk Co ${token}`;
    await api.company(name);

    await page.goto(`/companies?search=${encodeURIComponent(name)}`);
    await expect(tableRows(page)).toHaveCount(1);
    // Without JavaScript the button answers 'No items selected' (tests/nojs/clients.test.ts).
    await expectNoBulkButtons(page);

    await page.getByLabel(`Select ${name}`, { exact: true }).check();
    await page.getByRole("button", { name: "Delete 1 company", exact: true }).click();
    await expect(confirmDialog(page)).toContainText("Are you sure you want to delete this company?");
    await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
    await expect(toast(page, "Company deleted.")).toBeVisible();
    await expect(rowWith(page, name)).toHaveCount(0);
  });
});

test.describe("Clients in smallBusiness", () => {
  test("Bloom Bakery sees 'Individual customers' and 'Company customers'", async ({ page }) => {
    await startSession(page, USERS.owner);
    await page.goto(`${origin("smallbusiness")}/individuals?page=1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Individual customers");
    await expect(page).toHaveTitle(/^Individual customers \| /);
    await expect(page.getByRole("link", { name: "ADD INDIVIDUAL CUSTOMER", exact: true })).toBeVisible();
    await expect(tableRows(page).first()).toBeVisible();
    await page.goto(`${origin("smallbusiness")}/companies?page=1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company customers");
    await expect(page.getByPlaceholder("Search company customers")).toBeVisible();
  });
});
