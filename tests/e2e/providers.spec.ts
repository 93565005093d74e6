import { expect, test, type Locator, type Page } from "@playwright/test";
import { USERS, expectPath, startSession } from "./helpers";
import { adminApi, columnTexts, confirmDialog, drawer, expectColumn, expectParam, rangeText, rowWith, tableRows, toast, uniqueToken } from "./lists";

/**
 * The Providers screen (parent tenants only) in a browser: add, edit with a server field error, search (typed and
 * debounced), paging and page size, row and bulk delete with their confirmation dialogs. Sort, a shared list URL,
 * select-all, a bulk action with nothing chosen and the redirect of a tenant that is not a parent are the same
 * HTML with JavaScript on or off and are tested without a browser (tests/nojs/providers).
 *
 * The seeded Harbour Brokers providers are only read here (search, sort and paging rely on them); every
 * provider a test changes or deletes is one it created itself, named with a random token.
 */

/** A 1×1 PNG, for the logo upload. */
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** The seeded providers whose name holds 'underwriting' (by name, ascending). */
const UNDERWRITERS = ["Coversure Underwriting", "Geo Underwriting", "Pen Underwriting"];

function searchBox(page: Page) {
  return page.getByPlaceholder("Search providers");
}

/** The drawer's Name field (its label also carries the required asterisk). */
function nameField(form: Locator) {
  return form.getByRole("textbox", { name: "Name", exact: true });
}

/** The error line under a form control (the element its aria-describedby points at first). */
async function fieldError(control: Locator): Promise<Locator> {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(/\s+/).find((id) => id.endsWith("-error"));
  expect(errorId, "the control points at its error line").toBeTruthy();
  return control.page().locator(`[id="${errorId}"].field-error`);
}

test.describe("Providers, as Harbour Brokers' admin", () => {
  test.beforeEach(async ({ page }) => {
    await startSession(page, USERS.admin);
  });

  test.describe("Providers: add and edit in the drawer", () => {
    test(
      "ADD PROVIDER opens 'Add provider'; saving adds the provider with its logo and shows 'Provider created.'",
      { tag: "@smoke" },
      async ({ page }, testInfo) => {
        const token = uniqueToken(testInfo);
        const name = `E2E Prov ${token}`;
        const code = `E2E-${token}`;
        await page.goto(`/providers?search=${token}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Providers");
        await expect(page.getByText("No providers found")).toBeVisible();

        await page.getByRole("link", { name: "ADD PROVIDER", exact: true }).click();
        await expectPath(page, "/providers/new");
        await expectParam(page, "search", token);
        const form = drawer(page);
        await expect(form.getByText("Add provider", { exact: true })).toBeVisible();
        await nameField(form).fill(name);
        await form.getByLabel("Nominal code", { exact: true }).fill(code);
        await form.getByLabel("Claims e-mail", { exact: true }).fill(`claims-${token}@example.com`);
        await form.getByLabel("Claims telephone", { exact: true }).fill("020 7946 0123");
        await form.getByLabel("Insurer", { exact: true }).check();
        await form.getByLabel("Lead", { exact: true }).check();
        await form.getByLabel("Logo", { exact: true }).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG_1X1 });
        await form.getByRole("button", { name: "Save", exact: true }).click();

        await expect(toast(page, "Provider created.")).toBeVisible();
        await expectPath(page, "/providers");
        await expectParam(page, "search", token);
        await expect(drawer(page)).toHaveCount(0);
        const row = rowWith(page, name);
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(code);
        await expect(row.locator("img")).toHaveAttribute("src", /^\/files\//);
        await expect(rangeText(page)).toHaveText("Showing 1–1 of 1");

        // What was saved comes back in the edit drawer.
        await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
        const edit = drawer(page);
        await expect(edit.getByText("Edit provider", { exact: true })).toBeVisible();
        await expect(nameField(edit)).toHaveValue(name);
        await expect(edit.getByLabel("Claims e-mail", { exact: true })).toHaveValue(`claims-${token}@example.com`);
        await expect(edit.getByLabel("Claims telephone", { exact: true })).toHaveValue("020 7946 0123");
        await expect(edit.getByLabel("Insurer", { exact: true })).toBeChecked();
        await expect(edit.getByLabel("Lead", { exact: true })).toBeChecked();
        await expect(edit.getByLabel("Follow", { exact: true })).not.toBeChecked();
        await expect(edit.getByRole("img", { name: `${name} logo` })).toBeVisible();
      },
    );

    test(
      "editing with a name that is taken shows the server's error under Name and keeps what was typed; fixed, it saves",
      { tag: "@smoke" },
      async ({ page, request }, testInfo) => {
        const token = uniqueToken(testInfo);
        const api = await adminApi(request);
        const original = `E2E Edit ${token}`;
        await api.createProvider(original, `E2E-${token}`);

        await page.goto(`/providers?search=${token}`);
        await page.getByRole("link", { name: `Edit ${original}`, exact: true }).click();
        await expect(page).toHaveURL((url) => /^\/providers\/[0-9a-f-]{36}\/edit$/.test(url.pathname) && url.searchParams.get("search") === token);
        const form = drawer(page);
        await expect(form.getByText("Edit provider", { exact: true })).toBeVisible();
        const nameInput = nameField(form);
        await expect(nameInput).toHaveValue(original);

        // 'aviva' is a seeded provider (names are unique whatever their case).
        await nameInput.fill("aviva");
        await form.getByLabel("Nominal code", { exact: true }).fill(`NEW-${token}`);
        await form.getByLabel("Support telephone", { exact: true }).fill("0161 496 0555");
        await form.getByLabel("Follow", { exact: true }).check();
        await form.getByRole("button", { name: "Save", exact: true }).click();

        await expect(await fieldError(nameInput)).toHaveText("A provider with this name already exists.");
        await expect(form.getByRole("alert")).toHaveText("Failed to update provider.");
        await expect(page).toHaveURL((url) => url.pathname.endsWith("/edit"));
        // Everything typed is still there.
        await expect(nameInput).toHaveValue("aviva");
        await expect(form.getByLabel("Nominal code", { exact: true })).toHaveValue(`NEW-${token}`);
        await expect(form.getByLabel("Support telephone", { exact: true })).toHaveValue("0161 496 0555");
        await expect(form.getByLabel("Follow", { exact: true })).toBeChecked();
        await expect(form.getByLabel("Lead", { exact: true })).toBeChecked();
        await expect(form.getByLabel("Insurer", { exact: true })).toBeChecked();

        const fixed = `E2E Fixed ${token}`;
        await nameInput.fill(fixed);
        await form.getByRole("button", { name: "Save", exact: true }).click();
        await expect(toast(page, "Provider updated.")).toBeVisible();
        await expectPath(page, "/providers");
        await expectParam(page, "search", token);
        await expect(drawer(page)).toHaveCount(0);
        await expect(rowWith(page, fixed)).toContainText(`NEW-${token}`);
        await expect(rowWith(page, original)).toHaveCount(0);
        await expect(tableRows(page)).toHaveCount(1);

        await page.getByRole("link", { name: `Edit ${fixed}`, exact: true }).click();
        await expect(drawer(page).getByLabel("Support telephone", { exact: true })).toHaveValue("0161 496 0555");
        await expect(drawer(page).getByLabel("Follow", { exact: true })).toBeChecked();
      },
    );
  });

  test.describe("Providers: search, sort and pages", () => {
    // Without JavaScript the Search button sends the search; with it the box has no button and Enter sends it at once.
    const sendSearch = async (page: Page, javaScriptEnabled: boolean) => {
      if (javaScriptEnabled) {
        await expect(page.getByRole("button", { name: "Search", exact: true })).toHaveCount(0);
        await searchBox(page).press("Enter");
      } else await page.getByRole("button", { name: "Search", exact: true }).click();
    };

    test("typing and pressing Search filters the list, back on page 1; no match shows 'No providers found'", { tag: "@smoke" }, async ({ page }, testInfo) => {
      await page.goto("/providers?sort=-name&page=2");
      await expect(rangeText(page)).toHaveText(/^Showing 11–20 of \d+$/);

      await searchBox(page).fill("underwriting");
      await sendSearch(page, testInfo.project.use.javaScriptEnabled !== false);
      await expectParam(page, "search", "underwriting");
      await expectParam(page, "page", null);
      await expectParam(page, "sort", "-name");
      await expect(rangeText(page)).toHaveText("Showing 1–3 of 3");
      await expectColumn(page, [...UNDERWRITERS].reverse());
      await expect(searchBox(page)).toHaveValue("underwriting");

      // The search matches nominal codes too.
      await searchBox(page).fill("PRV-1035");
      await sendSearch(page, testInfo.project.use.javaScriptEnabled !== false);
      await expectParam(page, "search", "PRV-1035");
      await expect(tableRows(page)).toHaveCount(1);
      await expectColumn(page, ["Close Brothers Premium Finance"]);

      await searchBox(page).fill(`nothing-${uniqueToken(testInfo)}`);
      await sendSearch(page, testInfo.project.use.javaScriptEnabled !== false);
      await expect(page.getByText("No providers found")).toBeVisible();
    });

    test("with JavaScript the search applies by itself 2 s after typing stops", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript the Search button submits (tested above)");
      await page.goto("/providers?sort=-name");
      await expect(rangeText(page)).toHaveText(/^Showing 1–10 of \d+$/);

      await searchBox(page).pressSequentially("underwr");
      // Still typing: a pause under 2 s applies nothing.
      await page.waitForTimeout(1_000);
      expect(new URL(page.url()).searchParams.get("search"), "not applied during a 1 s pause").toBeNull();
      // Timed in the page (the test's own clock lags the browser's by a round trip): the last key's input event,
      // and the moment the list's URL takes the search.
      await searchBox(page).evaluate((box) => {
        const times = ((window as unknown as { searchTimes: { key: number; applied: number } }).searchTimes = { key: 0, applied: 0 });
        box.addEventListener("input", () => (times.key = performance.now()));
        for (const method of ["pushState", "replaceState"] as const) {
          const original = history[method];
          history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
            if (!times.applied && new URL(String(args[2] ?? ""), location.href).searchParams.get("search") === "underwriting")
              times.applied = performance.now();
            return original.apply(this, args);
          };
        }
      });
      await searchBox(page).pressSequentially("iting");
      await expect
        .poll(() => new URL(page.url()).searchParams.get("search"), { intervals: [50], timeout: 8_000, message: "the search applies without pressing Search" })
        .toBe("underwriting");
      const times = await page.evaluate(() => (window as unknown as { searchTimes: { key: number; applied: number } }).searchTimes);
      expect(times.applied - times.key, "applied 2 s after the last key, not before").toBeGreaterThanOrEqual(1_990);
      await expect(rangeText(page)).toHaveText("Showing 1–3 of 3");
      await expectColumn(page, [...UNDERWRITERS].reverse());
    });

    test("with JavaScript, what is typed while the searched list loads stays in the box and is searched next", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript the box is sent with the page");
      await page.goto("/providers?sort=-name");
      await expect(rangeText(page)).toHaveText(/^Showing 1–10 of \d+$/);
      // A slow connection: the list's data for "underwr" reaches the page only once the user has typed on. It is
      // fetched from the portal meanwhile and handed over from memory, so that it lands well inside the next search's
      // 2 s pause however busy the machine (fetched only after the typing, a slow answer could come after that pause
      // had started the next search, which cancels this one, and the test would not see what it is about).
      const slowed: string[] = [];
      let typedOn!: () => void;
      const typed = new Promise<void>((done) => (typedOn = done));
      await page.route(
        (url) => url.pathname === "/providers.data",
        async (route) => {
          slowed.push(new URL(route.request().url()).searchParams.get("search") ?? "");
          // Chromium resolves *.localhost itself; the test's own fetch goes to the same server by its address.
          const url = new URL(route.request().url());
          const host = url.host;
          url.hostname = "127.0.0.1";
          const response = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
          await typed;
          await route.fulfill({ response });
        },
      );
      const loading = page.waitForRequest((request) => new URL(request.url()).pathname === "/providers.data");
      await searchBox(page).pressSequentially("underwr");
      await loading;
      // Typed on while the list for "underwr" loads. The URL shows "underwr" once its list has come, maybe only for a
      // moment: waited for as an event, not polled.
      const underwrShown = page.waitForURL((url) => url.searchParams.get("search") === "underwr", { timeout: 8_000, waitUntil: "commit" });
      await searchBox(page).pressSequentially("iting");
      typedOn();
      await underwrShown;
      await expect(searchBox(page)).toHaveValue("underwriting");
      await expect(searchBox(page)).toBeFocused();
      await expect.poll(() => new URL(page.url()).searchParams.get("search"), { timeout: 8_000 }).toBe("underwriting");
      await expect(rangeText(page)).toHaveText("Showing 1–3 of 3");
      await expect(searchBox(page)).toHaveValue("underwriting");
      expect(slowed[0]).toBe("underwr");
      expect(slowed.at(-1)).toBe("underwriting");
    });

    test("the pager pages through and a new page size returns to page 1 keeping the sort", async ({ page, javaScriptEnabled }) => {
      // The seeded providers only (their codes are PRV-…): specs running meanwhile add and remove others in the
      // same company, which would shift the pages between two looks.
      await page.goto("/providers?search=PRV-&sort=-name");
      await expect(rangeText(page)).toHaveText(/^Showing 1–10 of \d+$/);
      await expect(tableRows(page)).toHaveCount(10);
      const pager = page.getByRole("navigation", { name: "Pagination" });
      await expect(pager.locator('[aria-current="page"]')).toHaveText("1");
      const first = await columnTexts(page);

      await pager.getByRole("link", { name: "Next page" }).click();
      await expectParam(page, "page", "2");
      await expectParam(page, "sort", "-name");
      await expect(rangeText(page)).toHaveText(/^Showing 11–20 of \d+$/);
      await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
      const second = await columnTexts(page);
      expect(second).toHaveLength(10);
      expect(second.filter((n) => first.includes(n))).toEqual([]);

      await pager.getByRole("link", { name: "Page 1", exact: true }).click();
      await expectParam(page, "page", null);
      await expect(rangeText(page)).toHaveText(/^Showing 1–10 of \d+$/);
      await expectColumn(page, first);

      await pager.getByRole("link", { name: "Page 2", exact: true }).click();
      await expectParam(page, "page", "2");
      await expectColumn(page, second);

      await pager.getByRole("link", { name: "Last page" }).click();
      await expect(page).toHaveURL((url) => Number(url.searchParams.get("page")) >= 4);
      await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
      await expect(pager.getByRole("link", { name: "Previous page" })).toBeVisible();

      await pager.getByRole("link", { name: "First page" }).click();
      await expectParam(page, "page", null);
      await expectColumn(page, first);
      await pager.getByRole("link", { name: "Page 2", exact: true }).click();
      await expectParam(page, "page", "2");

      // 'items per page': with JavaScript a choice applies at once, without it the Apply button sends it.
      const perPage = page.getByLabel("items per page");
      await expect(perPage).toHaveValue("10");
      await perPage.selectOption("25");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply", exact: true }).click();
      await expectParam(page, "perPage", "25");
      await expectParam(page, "page", null);
      await expectParam(page, "sort", "-name");
      await expect(rangeText(page)).toHaveText(/^Showing 1–25 of \d+$/);
      await expect(tableRows(page)).toHaveCount(25);
      expect((await columnTexts(page)).slice(0, 20)).toEqual([...first, ...second]);
      await expect(page.getByLabel("items per page")).toHaveValue("25");
    });
  });

  test.describe("Providers: delete", () => {
    test("a row's Delete asks 'Are you sure you want to delete this provider?'; Cancel keeps it, Remove deletes it", async ({ page, request }, testInfo) => {
      const token = uniqueToken(testInfo);
      const name = `E2E Del ${token}`;
      await (await adminApi(request)).createProvider(name, `E2E-${token}`);
      await page.goto(`/providers?search=${token}`);
      await expect(rowWith(page, name)).toHaveCount(1);

      await page.getByRole("link", { name: `Delete ${name}`, exact: true }).click();
      const dialog = confirmDialog(page);
      await expect(dialog).toContainText("Are you sure you want to delete this provider?");
      await dialog.getByRole("link", { name: "Cancel", exact: true }).click();
      await expect(confirmDialog(page)).toHaveCount(0);
      await expectPath(page, "/providers");
      await expect(rowWith(page, name)).toHaveCount(1);

      await page.getByRole("link", { name: `Delete ${name}`, exact: true }).click();
      await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
      await expect(toast(page, "Provider deleted.")).toBeVisible();
      await expectPath(page, "/providers");
      await expectParam(page, "search", token);
      await expect(page.getByText("No providers found")).toBeVisible();
    });

    test("bulk: two selected rows, 'Delete provider(s)', Remove → 'Providers deleted.' and only they are gone", async ({ page, request }, testInfo) => {
      const token = uniqueToken(testInfo);
      const api = await adminApi(request);
      const names = [1, 2, 3].map((n) => `E2E Bulk ${n} ${token}`);
      for (const [i, n] of names.entries()) await api.createProvider(n, `E2E-${i + 1}-${token}`);

      await page.goto(`/providers?search=${token}`);
      await expect(tableRows(page)).toHaveCount(3);
      await page.getByRole("checkbox", { name: `Select ${names[0]}`, exact: true }).check();
      await page.getByRole("checkbox", { name: `Select ${names[2]}`, exact: true }).check();
      await page.getByRole("button", { name: "Delete 2 providers", exact: true }).click();

      const dialog = confirmDialog(page);
      await expect(dialog).toContainText("Are you sure you want to delete these 2 providers?");
      await expectPath(page, "/providers/delete");
      await dialog.getByRole("button", { name: "Remove", exact: true }).click();

      await expect(toast(page, "Providers deleted.")).toBeVisible();
      await expectPath(page, "/providers");
      await expectParam(page, "search", token);
      await expectParam(page, "ids", null);
      await expectColumn(page, [names[1]]);
    });
  });
});
