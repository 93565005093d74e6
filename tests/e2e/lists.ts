import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { E2E, USERS, apiSignIn } from "./helpers";

/**
 * Helpers of the list screens' end-to-end tests (Providers, Roles & permissions).
 *
 * The `js` and `nojs` projects run at the same time on one database and sign in as the same admin, so
 * every test works on data of its own: names carry a random token (digits and the project name, never the
 * letter 'a', so the shared `search=a` list of the seeded providers is not disturbed), and lists are opened
 * with an explicit query (a bare list URL restores the user's last remembered filters, which the other
 * project may have just changed).
 */

/** A random token for names: digits plus the project name ('js' / 'nojs', neither contains an 'a'). */
export function uniqueToken(testInfo: TestInfo) {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return `${digits}${testInfo.project.name}`;
}

/** The rows of the page's data table (not the loading placeholders). */
export function tableRows(page: Page): Locator {
  return page.locator("table tbody tr:not([data-placeholder])");
}

/** A table row holding a text (a provider or role name). */
export function rowWith(page: Page, text: string): Locator {
  return tableRows(page).filter({ hasText: text });
}

/** The text of one column of every row, top to bottom (column 1 is the selection checkbox). */
export async function columnTexts(page: Page, column = 2): Promise<string[]> {
  return (await tableRows(page).locator(`td:nth-child(${column})`).allInnerTexts()).map((t) => t.trim());
}

/** Expects one column of the table to read exactly `texts`, top to bottom (retried while the list loads). */
export async function expectColumn(page: Page, texts: string[], column = 2) {
  await expect(tableRows(page).locator(`td:nth-child(${column})`)).toHaveText(texts);
}

/**
 * Opens the list's filter panel (the bar's "Filters" button, a disclosure) unless it is open: its controls are
 * hidden while it is folded.
 */
export async function openFilters(page: Page) {
  const panel = page.locator("[data-filter-panel]");
  if (!(await panel.isVisible())) await page.locator("[data-filters-toggle]").click();
  await expect(panel).toBeVisible();
}

/**
 * With JavaScript a list's bulk buttons show only once rows are selected: before that, none (the answer
 * 'No items selected' to a bulk action sent with nothing selected is proved without JavaScript, tests/nojs).
 */
export async function expectNoBulkButtons(page: Page) {
  await expect(page.locator("[data-bulk]").getByRole("button")).toHaveCount(0);
}

/** The pager's range text, e.g. 'Showing 1–10 of 35'. */
export function rangeText(page: Page): Locator {
  return page.locator("[data-range]");
}

/** The page's toast (success toasts are a status, failures an alert). */
export function toast(page: Page, message: string): Locator {
  return page.locator('[aria-live="polite"]').getByText(message, { exact: true });
}

/** The open drawer (with JavaScript a Headless UI dialog, without it a panel over the page). */
export function drawer(page: Page): Locator {
  return page.locator("[data-drawer]");
}

/** The open confirmation dialog. */
export function confirmDialog(page: Page): Locator {
  return page.locator("[data-confirm]");
}

/** Expects the current URL's query parameter `name` to be `value` (null: absent). */
export async function expectParam(page: Page, name: string, value: string | null) {
  await expect(page, `URL parameter ${name}`).toHaveURL((url) => url.searchParams.get(name) === value);
}

/** An API client signed in as the Harbour admin (to set up a test's own data). */
export async function adminApi(request: APIRequestContext) {
  const { token } = await apiSignIn(request, USERS.admin.email);
  const headers = {
    Authorization: `Bearer ${token}`,
    Accept: "application/json",
  };
  return {
    async createProvider(name: string, nominalCode: string) {
      const res = await request.post(`${E2E.main.api}/providers`, {
        headers,
        data: {
          name,
          nominal_code: nominalCode,
          functions: ["insurer"],
          roles: ["lead"],
        },
      });
      expect(res.status(), `creating provider ${name}: ${await res.text()}`).toBe(201);
      return ((await res.json()) as { data: { uuid: string; name: string } }).data;
    },
    async createRole(name: string) {
      const res = await request.post(`${E2E.main.api}/role`, {
        headers,
        data: { name },
      });
      expect(res.status(), `creating role ${name}: ${await res.text()}`).toBe(201);
      return ((await res.json()) as { data: { id: number; name: string } }).data;
    },
  };
}
