import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { NojsBrowser, uniqueToken, type NojsPage } from "./harness";

/** The bordereaux import without JavaScript: upload → map (a saved map found) → preview → import with a self-refreshing progress page → report and its CSV. */
const admin = () => NojsBrowser.as("admin");
const fixture = (name: string, token: string) =>
  Buffer.from(
    readFileSync(path.join(import.meta.dirname, "../fixtures/bdx", name))
      .toString("latin1")
      .replaceAll("HB-BDX-", `NJ-${token}-`),
    "latin1",
  );

async function waitForReport(page: NojsPage): Promise<NojsPage> {
  let current = page;
  for (let i = 0; i < 60 && current.$("[data-progress]"); i++) {
    expect(current.html).toMatch(/<meta http-equiv="refresh" content="2"/);
    await new Promise((r) => setTimeout(r, 500));
    current = await current.click("Refresh");
  }
  return current;
}

describe("Bulk data import", () => {
  test("an empty file is refused under the file field, and nothing is listed", async () => {
    const page = await admin().goto("/bdx-import");
    expect(page.h1).toBe("Bulk data import");
    const refused = await page
      .form({ button: "Upload" })
      .attach("File", { name: "empty.csv", type: "text/csv", content: "Policy No,Insured Name\n\n" })
      .submit("Upload");
    expect(refused.fieldError("File")).toBe("You have attempted to upload an invalid/empty file.");
    expect(refused.status).toBe(422);
    const binary = await refused
      .form({ button: "Upload" })
      .attach("File", { name: "scan.pdf", type: "application/pdf", content: "%PDF-1.7 binary" })
      .submit("Upload");
    expect(binary.fieldError("File")).toBe("This file is not a CSV or XLSX spreadsheet: choose a .csv or .xlsx file.");
  });

  test("upload, the saved map chosen for the same columns, preview with errors, import as a job, report and CSV", async () => {
    const token = uniqueToken();
    const page = await admin().goto("/bdx-import");
    const map = await page
      .form({ button: "Upload" })
      .attach("File", { name: `march-${token}.csv`, type: "text/csv", content: fixture("bdx-march-utf8-bom.csv", token) })
      .submit("Upload");
    expect(map.param("upload")).toMatch(/^\d+$/);
    expect(map.text()).toContain("5 rows");
    expect(map.text("[role=status]")).toContain("Monthly insurer bordereau");
    const form = map.form({ button: "Import" });
    expect(form.value("Map")).not.toBe("");
    expect(form.value("Policy number")).toBe("Policy No"); // the suggestion
    expect(map.text()).toContain("Zoë Brontë"); // an example value beside its column

    const preview = await form.select("Declaration month", "3").fill("Declaration year", "2026").submit("Preview");
    expect(preview.text("[data-preview-summary]")).toBe("3 of 5 rows can be imported; 2 have errors and will be refused.");
    expect(preview.text()).toContain('Premium "not known" is not an amount in pounds.');
    expect(preview.form({ button: "Import" }).value("Declaration month")).toBe("3");

    const started = await preview.form({ button: "Import" }).submit("Import");
    expect(started.toasts()).toContain("Import started.");
    const report = await waitForReport(started);
    expect(report.text("[data-report-totals]")).toMatch(/Created\s*3\s*Updated\s*0\s*Refused\s*2/);
    expect(report.rowsWith(`NJ-${token}-1004`)[0].text).toContain("Refused");
    const csv = await report.browser.raw("GET", new URL(report.link("Download report (CSV)").getAttribute("href")!, report.url));
    expect(csv.status).toBe(200);
    expect(String(csv.headers["content-type"])).toContain("text/csv");
    expect(csv.body).toContain(`NJ-${token}-1001`);

    // The recent imports list links to the report.
    const list = await admin().goto("/bdx-import");
    expect(list.text()).toContain(`march-${token}.csv`);
  });

  test("a form the page does not know answers 400: another intent, or an upload or map id that is not one", async () => {
    const browser = admin();
    const post = (fields: Record<string, string>) =>
      browser.request("POST", "/bdx-import", { data: new URLSearchParams(fields).toString(), type: "application/x-www-form-urlencoded" });
    const unknown: Record<string, string>[] = [
      { intent: "bogus" },
      { intent: "constructor" },
      { intent: "import", upload_id: "x" },
      { intent: "rename-map", map_id: "", name: "M" },
    ];
    for (const fields of unknown) {
      expect((await post(fields)).status, JSON.stringify(fields)).toBe(400);
    }
  });

  test("a new map with a column the file lacks is refused under that field", async () => {
    const token = uniqueToken();
    const csv = `Ref,Customer,Cover,Premium,Start,End\nNJ-${token}-1,Ann Lee,Home,100,2026-01-01,2027-01-01\n`;
    const page = await admin().goto("/bdx-import");
    const map = await page.form({ button: "Upload" }).attach("File", { name: "other.csv", type: "text/csv", content: csv }).submit("Upload");
    expect(map.form({ button: "Import" }).value("Map")).toBe("");
    const refused = await map.form({ button: "Import" }).submit("Preview");
    expect(refused.fieldError("Policy number")).toBe("Choose the column for Policy number.");
    const fixed = await refused
      .form({ button: "Import" })
      .select("Policy number", "Ref")
      .select("Client", "Customer")
      .select("Product name", "Cover")
      .select("Inception date", "Start")
      .select("Renewal date", "End")
      .submit("Preview");
    expect(fixed.text("[data-preview-summary]")).toBe("1 of 1 rows can be imported; 0 have errors and will be refused.");
  });
});
