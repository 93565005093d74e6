import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { USERS, startSession } from "./helpers";
import { uniqueToken } from "./lists";

/** The bordereaux import with JavaScript: upload, the saved map found, preview, the import's progress polled in place, the report. */
const here = path.dirname(fileURLToPath(import.meta.url));

test("a bordereau is uploaded, previewed and imported; the report follows without a reload", async ({ page }, testInfo) => {
  const token = uniqueToken(testInfo);
  const file = Buffer.from(
    readFileSync(path.join(here, "../fixtures/bdx/bdx-march-utf8-bom.csv")).toString("latin1").replaceAll("HB-BDX-", `E2E-${token}-`),
    "latin1",
  );
  await startSession(page, USERS.admin);
  await page.goto("/bdx-import");
  await expect(page.getByRole("heading", { level: 1, name: "Bulk data import" })).toBeVisible();
  await page.getByLabel("File").setInputFiles({ name: `e2e-${token}.csv`, mimeType: "text/csv", buffer: file });
  await page.getByRole("button", { name: "Upload" }).click();
  // The upload's answer (an alert), not the frame's "Loading…" bar, which a slow machine may still show beside it.
  await expect(page.getByRole("status").and(page.locator("[data-alert]"))).toContainText("Monthly insurer bordereau");
  await expect(page.getByLabel("Policy number")).toHaveValue("Policy No");

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.locator("[data-preview-summary]")).toHaveText("3 of 5 rows can be imported; 2 have errors and will be refused.");

  await page.getByRole("button", { name: "Import" }).click();
  // The progress page asks again by itself (no reload, no click) until the report is there.
  await expect(page.locator("[data-report-totals]")).toHaveText(/Created\s*3\s*Updated\s*0\s*Refused\s*2/, { timeout: 30_000 });
  await expect(page.getByRole("row", { name: new RegExp(`E2E-${token}-1004`) })).toContainText("Refused");
  await expect(page.getByRole("link", { name: "Download report (CSV)" })).toHaveAttribute("href", /\/bdx-import\/report\?upload=\d+/);
});
