import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E, USERS, expectHydrated, expectPath, holdScripts, outbox, signIn, startSession } from "./helpers";
import { confirmDialog, drawer, rowWith, toast, uniqueToken } from "./lists";
import { taskApi } from "./task-api";

/**
 * The task page /tasks/{id} (an opportunity's in smallBusiness) and its drawers, with JavaScript on and
 * off: open a task from the list, move it with 'Update progress' (the activity log, the list and the
 * board follow), send a task e-mail and find it in the development outbox, create an opportunity in
 * the smallBusiness brand and move it, plus the page's other forms (confidence, revenue, products,
 * notes, KYB), the edit drawer and delete.
 *
 * Every task a test changes is one it created (through the API, or the create drawer), named with a
 * random token, so the `js` and `nojs` runs never touch each other's rows.
 */

/** A tiny but real PDF (the API checks the bytes). */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function section(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title, exact: true });
}

/** The summary of the task at the top of the page. */
function summary(page: Page): Locator {
  return page.locator("[data-task-summary]");
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The summary's stage chip reads "pipeline · stage". */
async function expectStage(page: Page, pipeline: string, stage: string) {
  await expect(summary(page)).toContainText(new RegExp(`${escape(pipeline)}\\s*·\\s*${escape(stage)}`));
}

function activity(page: Page): Locator {
  return section(page, "Activity").locator("li[data-activity]");
}

test.describe("Task page, as Harbour Brokers' admin", () => {
  test.beforeEach(async ({ page }) => {
    await startSession(page, USERS.admin);
  });

  test("what else is recorded about a task (its datapoints) shows under Details by name, dates as dd/mm/yy; a task without any has no Details", async ({
    page,
    request,
  }, testInfo) => {
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const token = uniqueToken(testInfo);
    const id = await api.createTask(`Datapoints ${token}`, pipeline.id, pipeline.stages[0].id, {
      datapoints: { source: "Introducer", renewal_month: "October", review_on: "2027-01-15" },
    });
    const plain = await api.createTask(`No datapoints ${token}`, pipeline.id, pipeline.stages[0].id);

    await page.goto(`/tasks/${id}`);
    const details = section(page, "Details");
    await expect(details.locator("dt")).toHaveText(["Renewal month", "Review on", "Source"]);
    await expect(details.locator("dd")).toHaveText(["October", "15/01/27", "Introducer"]);

    await page.goto(`/tasks/${plain}`);
    await expect(section(page, "Notes")).toBeVisible();
    await expect(section(page, "Details")).toHaveCount(0);
  });

  test("a task's details are edited in its Edit drawer: a value changed, a row added, one removed by clearing its name; a number left alone stays a number", async ({
    page,
    request,
  }, testInfo) => {
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const token = uniqueToken(testInfo);
    const id = await api.createTask(`Details ${token}`, pipeline.id, pipeline.stages[0].id, {
      datapoints: { policy_ref: "PX-1", premium: 1250.5, introducer: "Smith & Co" },
    });

    await page.goto(`/tasks/${id}/edit`);
    const form = page.locator("[data-datapoint-rows]");
    // By name: introducer, policy_ref, premium, then two blank rows.
    await expect(form.getByRole("textbox", { name: "Detail 2 name" })).toHaveValue("policy_ref");
    await expect(form.getByRole("textbox", { name: "Detail 3 value" })).toHaveValue("1250.5");
    await form.getByRole("textbox", { name: "Detail 2 value" }).fill("PX-2");
    await form.getByRole("textbox", { name: "Detail 1 name" }).fill("");
    await form.getByRole("textbox", { name: "Detail 4 name" }).fill("source");
    await form.getByRole("textbox", { name: "Detail 4 value" }).fill("Referral");
    // The same name twice is refused, with what was typed kept.
    await form.getByRole("textbox", { name: "Detail 5 name" }).fill("source");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText("“source” is named twice: give each row its own name.");
    await expect(form.getByRole("textbox", { name: "Detail 2 value" })).toHaveValue("PX-2");
    await form.getByRole("textbox", { name: "Detail 5 name" }).fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Task updated.")).toBeVisible();

    const details = section(page, "Details");
    await expect(details.locator("dt")).toHaveText(["Policy ref", "Premium", "Source"]);
    await expect(details.locator("dd")).toHaveText(["PX-2", "1250.5", "Referral"]);
    const saved = await api.getTask(id);
    expect(saved.datapoints).toEqual({ policy_ref: "PX-2", premium: 1250.5, source: "Referral" });
  });

  test("an open task whose expected close has passed reads 'overdue' in the list and on its page; one still to come does not", async ({
    page,
    request,
  }, testInfo) => {
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const token = uniqueToken(testInfo);
    const late = await api.createTask(`Overdue ${token}`, pipeline.id, pipeline.stages[0].id, { expected_close_date: "2024-03-01" });
    await api.createTask(`Due later ${token}`, pipeline.id, pipeline.stages[0].id, { expected_close_date: "2099-12-31" });

    await page.goto(`/tasks?search=${encodeURIComponent(token)}`);
    await expect(rowWith(page, `Overdue ${token}`)).toContainText("01/03/24 · overdue");
    await expect(rowWith(page, `Due later ${token}`)).toContainText("31/12/99");
    await expect(rowWith(page, `Due later ${token}`)).not.toContainText("overdue");

    await page.goto(`/tasks/${late}`);
    await expect(summary(page)).toContainText("01/03/24 · overdue");
  });

  test("a task opened from the list moves to another stage with 'Update progress': note, document, activity log, list and board follow", async ({
    page,
    request,
  }, testInfo) => {
    const token = uniqueToken(testInfo);
    const name = `E2E Detail ${token}`;
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const [from, to] = pipeline.stages;
    const id = await api.createTask(name, pipeline.id, from.id);

    await page.goto(`/tasks?search=${token}`);
    await rowWith(page, name).getByRole("link", { name, exact: true }).click();
    await expectPath(page, `/tasks/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} | flightDeck`);
    await expectStage(page, pipeline.name, from.name);
    await expect(summary(page)).toContainText("High");
    await expect(summary(page)).toContainText("Not started");
    await expect(summary(page).locator("[data-kyb]")).toHaveText("No");
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/tasks");

    const progress = section(page, "Update progress");
    await progress.getByLabel("Stage", { exact: true }).selectOption(String(to.id));
    await progress.getByLabel("Size", { exact: true }).fill("12");
    await progress.getByLabel("Note", { exact: true }).fill(`Terms agreed ${token}`);
    await progress.getByLabel("Document", { exact: true }).setInputFiles({ name: "terms.pdf", mimeType: "application/pdf", buffer: PDF });
    await progress.getByRole("button", { name: "Update progress", exact: true }).click();

    await expect(toast(page, "Progress updated.")).toBeVisible();
    await expectPath(page, `/tasks/${id}`);
    await expectStage(page, pipeline.name, to.name);
    // The activity log, newest first: who, what, old → new.
    const latest = activity(page).first();
    await expect(latest).toContainText("Amelia Hart updated the progress");
    await expect(latest).toContainText(`Stage: ${from.name} → ${to.name}`);
    await expect(latest).toContainText("Size: 12");
    await expect(latest.locator("time")).toHaveText(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    await expect(activity(page).last()).toContainText("Amelia Hart created the task");
    // The progress note, with its document.
    const note = section(page, "Notes").locator("[data-note]").first();
    await expect(note).toContainText(`Terms agreed ${token}`);
    const link = note.getByRole("link", { name: "terms.pdf", exact: true });
    await expect(link).toHaveAttribute("href", new RegExp(`^/tasks/${id}/documents/\\d+$`));
    // It downloads with the session, as an attachment; signed out, the same address goes to the sign-in page.
    const address = `http://127.0.0.1:${E2E.main.portalPort}${await link.getAttribute("href")}`;
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const download = await request.get(address, { headers: { cookie } });
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="terms\.pdf"/);
    expect(download.headers()["cache-control"]).toBe("private, no-store");
    const signedOut = await request.get(address, { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers()["location"]).toMatch(/^\/login/);
    // The form shows where the task is now.
    await expect(section(page, "Update progress").getByLabel("Stage", { exact: true })).toHaveValue(String(to.id));

    // The list and the board show the new stage.
    await page.goto(`/tasks?search=${token}`);
    await expect(rowWith(page, name)).toContainText(to.name);
    await page.goto(`/tasks/board?pipeline=${pipeline.id}`);
    await expect(page.locator(`[data-stage-column="${to.id}"] [data-task-card="${id}"]`)).toBeVisible();
    await expect(page.locator(`[data-stage-column="${from.id}"] [data-task-card="${id}"]`)).toHaveCount(0);
  });

  test("a stage chosen before the page's script has arrived is still chosen once it runs, and is the one saved", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === "nojs", "without JavaScript nothing takes the form over");
    const token = uniqueToken(testInfo);
    const name = `E2E Early ${token}`;
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const [from, to] = pipeline.stages;
    const id = await api.createTask(name, pipeline.id, from.id);
    try {
      // The page's scripts are held back until the stage has been chosen on the server's HTML (a slow connection).
      const release = await holdScripts(page);
      await page.goto(`/tasks/${id}`, { waitUntil: "commit" });
      const stage = section(page, "Update progress").getByLabel("Stage", { exact: true });
      await stage.selectOption(String(to.id));
      release();
      await expectHydrated(stage);
      await expect(stage).toHaveValue(String(to.id));
      await section(page, "Update progress").getByRole("button", { name: "Update progress", exact: true }).click();
      await expect(toast(page, "Progress updated.")).toBeVisible();
      await expectStage(page, pipeline.name, to.name);
    } finally {
      await api.removeTask(id);
    }
  });

  test("'Update progress' moves a task to another pipeline; a stage of another pipeline is refused under Stage and what was typed stays", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const token = uniqueToken(testInfo);
    const name = `E2E Pipeline ${token}`;
    const api = await taskApi(request, USERS.admin.email);
    const [first, second] = await api.pipelines();
    const id = await api.createTask(name, first.id, first.stages[0].id);
    await page.goto(`/tasks/${id}`);
    const progress = section(page, "Update progress");
    // The sections are an island: with JavaScript, the stages follow the chosen pipeline once it has hydrated.
    await expectHydrated(progress);

    if (!javaScriptEnabled) {
      // Without JavaScript every pipeline's stages are offered: another pipeline chosen with a stage of the first is refused.
      await progress.getByRole("combobox", { name: "Pipeline", exact: true }).selectOption(String(second.id));
      await progress.getByLabel("Stage", { exact: true }).selectOption(String(first.stages[1].id));
      await progress.getByLabel("Size", { exact: true }).fill("7");
      await progress.getByRole("button", { name: "Update progress", exact: true }).click();
      await expect(progress.getByRole("alert")).toHaveText("Check the fields marked below.");
      await expect(progress.locator(".field-error").filter({ hasText: "The stage must belong to the chosen pipeline." })).toBeVisible();
      await expect(progress.getByLabel("Size", { exact: true })).toHaveValue("7");
    }

    await progress.getByRole("combobox", { name: "Pipeline", exact: true }).selectOption(String(second.id));
    await progress.getByLabel("Stage", { exact: true }).selectOption(String(second.stages[1].id));
    await progress.getByRole("button", { name: "Update progress", exact: true }).click();
    await expect(toast(page, "Progress updated.")).toBeVisible();
    await expectStage(page, second.name, second.stages[1].name);
    await expect(activity(page).first()).toContainText(`Pipeline: ${first.name} → ${second.name}`);
    await expect(activity(page).first()).toContainText(`Stage: ${first.stages[0].name} → ${second.stages[1].name}`);
  });

  test("the e-mails drawer sends a task e-mail: it is listed in the drawer, logged, and in the development outbox", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const id = await api.createTask(`E2E Mail ${token}`, pipeline.id, pipeline.stages[0].id);
    const address = `client-${token}@example.com`;
    const subject = `Your renewal terms ${token}`;

    await page.goto(`/tasks/${id}`);
    await page.getByRole("link", { name: "E-mails", exact: true }).click();
    await expectPath(page, `/tasks/${id}/emails`);
    const panel = drawer(page);
    await expect(panel.getByText("E-mails of this task", { exact: true })).toBeVisible();
    await expect(panel.getByText("No e-mails yet.")).toBeVisible();

    // A bad address is refused under To and nothing typed is lost.
    await panel.getByRole("textbox", { name: "To", exact: true }).fill("not-an-address");
    await panel.getByRole("textbox", { name: "Subject", exact: true }).fill(subject);
    await panel.getByRole("textbox", { name: "Message", exact: true }).fill("Please find the terms attached.");
    await panel.getByRole("button", { name: "Send e-mail", exact: true }).click();
    await expect(panel.locator("#email-to-error")).toHaveText("Enter a valid e-mail address.");
    await expect(panel.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue(subject);

    await panel.getByRole("textbox", { name: "To", exact: true }).fill(address);
    await panel.getByRole("button", { name: "Send e-mail", exact: true }).click();
    await expect(toast(page, `E-mail sent to ${address}.`)).toBeVisible();
    await expectPath(page, `/tasks/${id}/emails`);
    const sent = drawer(page).locator("[data-email]");
    await expect(sent).toHaveCount(1);
    await expect(sent.locator("[data-email-subject]")).toHaveText(subject);
    await expect(sent.locator("[data-email-to]")).toHaveText(address);
    await expect(drawer(page).getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("");

    await expect.poll(async () => (await outbox(request, address)).map((m) => m.subject), { message: "the e-mail in the sandbox outbox" }).toContain(subject);
    const [message] = await outbox(request, address);
    expect(message.text).toContain("Please find the terms attached.");

    // Without JavaScript the toast stays on the page and covers the drawer's close button: go back by address.
    if (javaScriptEnabled) await drawer(page).getByRole("link", { name: "Close" }).click();
    else await page.goto(`/tasks/${id}`);
    await expectPath(page, `/tasks/${id}`);
    await expect(activity(page).first()).toContainText("Amelia Hart sent an e-mail");
    await expect(activity(page).first()).toContainText(`Subject: ${subject}`);
  });

  test("confidence, revenue, products, notes and the KYB flag are saved from the page; a note is shown as plain text", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const id = await api.createTask(`E2E Sections ${token}`, pipeline.id, pipeline.stages[0].id);
    await page.goto(`/tasks/${id}`);

    // Confidence: the total appears once all four are answered.
    const confidence = section(page, "Confidence");
    await expect(confidence.locator("[data-confidence-total]")).toContainText("—");
    await confidence.getByLabel("Confidence in revenue timing", { exact: true }).selectOption({ label: "On track (4)" });
    await confidence.getByLabel("Confidence in revenue estimate", { exact: true }).selectOption({ label: "Firm quote (4)" });
    await confidence.getByLabel("Confidence in execution", { exact: true }).selectOption({ label: "Terms received (4)" });
    await confidence.getByLabel("Confidence in client", { exact: true }).selectOption({ label: "Committed (4)" });
    await confidence.getByRole("button", { name: "Save confidence", exact: true }).click();
    await expect(toast(page, "Confidence saved.")).toBeVisible();
    await expect(section(page, "Confidence").locator("[data-confidence-total]")).toHaveText("Total score: 16 / 20");

    // Revenue: a bad amount is refused under the field; a good one is shown in pounds.
    const revenue = section(page, "Revenue");
    await revenue.getByLabel("Payment frequency", { exact: true }).selectOption({ label: "Monthly" });
    if (test.info().project.name === "js") {
      // Typed below the minimum (no negatives here): kept as typed and refused under the field once it is left,
      // never silently changed.
      const amount = revenue.getByLabel("Expected revenue (£)", { exact: true });
      await amount.fill("");
      await amount.pressSequentially("-5");
      await expect(amount).toHaveValue("-5");
      await amount.press("Tab");
      await expect(amount).toHaveValue("-5");
      await expect(revenue).toContainText("this may not be negative");
    }
    await revenue.getByLabel("Expected revenue (£)", { exact: true }).fill("12500.5");
    await revenue.getByRole("button", { name: "Save revenue", exact: true }).click();
    await expect(toast(page, "Revenue saved.")).toBeVisible();
    await expect(summary(page)).toContainText("£12,500.50");
    await expect(activity(page).first()).toContainText("Amelia Hart changed the revenue");
    await expect(activity(page).first()).toContainText("Payment frequency: Monthly");

    // Products: add one, then remove it after confirming.
    const products = section(page, "Products");
    await products.getByText("Add a product", { exact: true }).click();
    await products.getByRole("combobox", { name: "Product type", exact: true }).selectOption({ label: "Cyber" });
    await products.getByRole("textbox", { name: "Product name", exact: true }).fill(`Cyber cover ${token}`);
    await products.getByLabel("Premium (£)", { exact: true }).fill("1200");
    await products.getByLabel("Commission (£)", { exact: true }).fill("180");
    await products.getByRole("button", { name: "Add product", exact: true }).click();
    await expect(toast(page, `Product Cyber cover ${token} added.`)).toBeVisible();
    const row = section(page, "Products")
      .getByRole("row")
      .filter({ hasText: `Cyber cover ${token}` });
    await expect(row).toContainText("£1,200.00");
    await expect(row).toContainText("£180.00");
    await row.getByRole("link", { name: `Remove Cyber cover ${token}`, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith(`/tasks/${id}/products/`) && url.pathname.endsWith("/delete"));
    await expect(confirmDialog(page)).toContainText(`Cyber cover ${token}`);
    await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
    await expect(toast(page, "Product removed.")).toBeVisible();
    await expectPath(page, `/tasks/${id}`);
    await expect(section(page, "Products").getByText("No products yet.")).toBeVisible();

    // Notes are plain text: markup is shown, never run.
    const text = `<b>bold</b> <script>window.__noteRan = true</script> ${token}`;
    await section(page, "Notes").getByRole("textbox", { name: "Add a note", exact: true }).fill(text);
    await section(page, "Notes").getByRole("button", { name: "Add note", exact: true }).click();
    await expect(toast(page, "Note added.")).toBeVisible();
    const note = section(page, "Notes").locator("[data-note]").first();
    await expect(note).toContainText(text);
    await expect(note.locator("b, script")).toHaveCount(0);

    // KYB flag.
    await summary(page).getByRole("button", { name: "Mark for KYB", exact: true }).click();
    await expect(toast(page, "Marked for KYB.")).toBeVisible();
    await expect(summary(page).locator("[data-kyb]")).toHaveText("Yes");
    await expect(activity(page).first()).toContainText("Amelia Hart marked it for KYB");
  });

  test("Edit saves in the drawer (a refused name keeps what was typed); Delete asks first, then goes back to the list with a toast", async ({
    page,
    request,
  }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    const id = await api.createTask(`E2E Edit ${token}`, pipeline.id, pipeline.stages[0].id);
    await page.goto(`/tasks/${id}`);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expectPath(page, `/tasks/${id}/edit`);
    const form = drawer(page);
    await expect(form.getByText("Edit task", { exact: true })).toBeVisible();
    const nameInput = form.getByRole("textbox", { name: "Name", exact: true });
    await expect(nameInput).toHaveValue(`E2E Edit ${token}`);
    await nameInput.fill(" ");
    await form.getByLabel("Priority", { exact: true }).selectOption({ label: "Low" });
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText("Check the fields marked below.");
    await expect(form.getByText("Enter a name.", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Priority", { exact: true })).toHaveValue("3");

    await nameInput.fill(`E2E Edited ${token}`);
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Task updated.")).toBeVisible();
    await expectPath(page, `/tasks/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`E2E Edited ${token}`);
    await expect(summary(page)).toContainText("Low");
    await expect(activity(page).first()).toContainText("Amelia Hart changed the task");
    await expect(activity(page).first()).toContainText(`Name: E2E Edit ${token} → E2E Edited ${token}`);

    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await expectPath(page, `/tasks/${id}/delete`);
    await confirmDialog(page).getByRole("link", { name: "Cancel", exact: true }).click();
    await expectPath(page, `/tasks/${id}`);
    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await expect(confirmDialog(page)).toContainText(`E2E Edited ${token}`);
    await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
    await expect(toast(page, "Task deleted.")).toBeVisible();
    await expectPath(page, "/tasks");
    await page.goto(`/tasks/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test("a viewer (task_view only) sees the task without its forms, and cannot open the edit drawer", async ({ page, request }, testInfo) => {
  const token = uniqueToken(testInfo);
  const api = await taskApi(request, USERS.admin.email);
  const [pipeline] = await api.pipelines();
  const id = await api.createTask(`E2E Viewer ${token}`, pipeline.id, pipeline.stages[0].id);
  await startSession(page, USERS.viewer);
  await page.goto(`/tasks/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`E2E Viewer ${token}`);
  await expect(section(page, "Update progress")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save confidence" })).toHaveCount(0);
  await expect(section(page, "Activity")).toContainText("Amelia Hart created the task");
  await page.goto(`/tasks/${id}/edit`);
  await expectPath(page, `/tasks/${id}`);
});

test("in the smallBusiness brand an opportunity is created from /tasks/new and moved to another stage", async ({ page, request }, testInfo) => {
  const token = uniqueToken(testInfo);
  const name = `E2E Opportunity ${token}`;
  const api = await taskApi(request, USERS.owner.email);
  const [pipeline] = await api.pipelines();
  const [first, second] = pipeline.stages;
  await signIn(page, USERS.owner);
  const base = E2E.main.smallbusiness;

  await page.goto(`${base}/tasks?search=${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Opportunities");
  await page.getByRole("link", { name: "ADD OPPORTUNITY", exact: true }).click();
  await expectPath(page, "/tasks/new");
  const form = drawer(page);
  await expect(form.getByText("Add opportunity", { exact: true })).toBeVisible();
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("combobox", { name: "Pipeline", exact: true }).selectOption(String(pipeline.id));
  await form.getByRole("button", { name: "Create opportunity", exact: true }).click();

  await expect(toast(page, "Opportunity created.")).toBeVisible();
  await expect(page).toHaveURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
  const id = new URL(page.url()).pathname.split("/").pop();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} | smallBusiness`);
  await expectStage(page, pipeline.name, first.name);
  await expect(activity(page).last()).toContainText("Olivia Bloom created the opportunity");
  await expect(page.getByText(`Move the opportunity to another stage of its pipeline or to another pipeline`)).toBeVisible();

  const progress = section(page, "Update progress");
  await progress.getByLabel("Stage", { exact: true }).selectOption(String(second.id));
  await progress.getByRole("button", { name: "Update progress", exact: true }).click();
  await expect(toast(page, "Progress updated.")).toBeVisible();
  await expectPath(page, `/tasks/${id}`);
  await expectStage(page, pipeline.name, second.name);
  await expect(activity(page).first()).toContainText("Olivia Bloom updated the progress");
  await expect(activity(page).first()).toContainText(`Stage: ${first.name} → ${second.name}`);
  await expect(section(page, "Notes").locator("[data-note]").first()).toContainText(`Moved from ${first.name} to ${second.name}.`);

  await page.getByRole("link", { name: "E-mails", exact: true }).click();
  await expect(drawer(page).getByText("E-mails of this opportunity", { exact: true })).toBeVisible();

  await page.goto(`${base}/tasks?search=${token}`);
  await expect(rowWith(page, name)).toContainText(second.name);
});

// The layout is the stylesheet's: the same without JavaScript (so the nojs project runs it too).
test(
  "the task page is one layout: at 1440×900 the summary, then the details beside the activity, far shorter than 2,200 px; two columns from 1024 px; one column on a phone, without sideways scroll",
  { tag: "@nojs-browser" },
  async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await taskApi(request, USERS.admin.email);
    const [pipeline] = await api.pipelines();
    // A task with something in every section: a description, details, products, notes (and their activity).
    const id = await api.createTask(`E2E Layout ${token}`, pipeline.id, pipeline.stages[0].id, {
      description: "Renewal of the group's combined cover.\nThe client wants terms before the board meets.",
      expected_revenue: 18500,
      expected_close_date: "2099-06-30",
      datapoints: { source: "Introducer", renewal_month: "October", review_on: "2027-01-15", policy_ref: "PX-1" },
    });
    await api.addProduct(id, { name: `Cyber cover ${token}`, premium: 1200, commission: 180, provider_name: "Aviva" });
    await api.addProduct(id, { name: `Property ${token}`, premium: 5400, commission: 810 });
    for (let n = 1; n <= 8; n++) await api.addNote(id, `Call ${n}: the client asked about the excess and the start date of the cover.`);
    await signIn(page, USERS.admin);

    const box = async (selector: string) => {
      const found = await page.locator(selector).boundingBox();
      expect(found, selector).not.toBeNull();
      return found!;
    };
    const pageSize = () =>
      page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/tasks/${id}`);
    await expect(
      section(page, "Products")
        .getByRole("row")
        .filter({ hasText: `Cyber cover ${token}` }),
    ).toBeVisible();
    const desktop = await pageSize();
    testInfo.annotations.push({ type: "page height at 1440×900", description: `${desktop.height} px` });
    expect(desktop.height, "the page's height at 1440×900").toBeLessThan(1800);
    expect(desktop.width).toBeLessThanOrEqual(desktop.viewport);
    // The summary above both columns; the details on the left, the notes and activity on the right, side by side.
    const summaryBox = await box("[data-task-summary]");
    let details = await box("[data-task-details]");
    let history = await box("[data-task-history]");
    expect(details.y).toBeGreaterThan(summaryBox.y + summaryBox.height);
    expect(history.x).toBeGreaterThanOrEqual(details.x + details.width);
    expect(Math.abs(history.y - details.y)).toBeLessThan(8);
    // The right column scrolls on its own (its notes and activity never make the page longer).
    expect(history.height).toBeLessThanOrEqual(900);
    await expect(page.locator("[data-task-history]").getByRole("region", { name: "Activity", exact: true })).toHaveCount(1);
    await expect(page.locator("[data-task-history]").getByRole("region", { name: "Notes", exact: true })).toHaveCount(1);
    await expect(page.locator("[data-task-details]").getByRole("region", { name: "Revenue", exact: true })).toHaveCount(1);

    await page.setViewportSize({ width: 1024, height: 768 });
    details = await box("[data-task-details]");
    history = await box("[data-task-history]");
    expect(history.x, "two columns at 1024 px").toBeGreaterThanOrEqual(details.x + details.width);
    expect((await pageSize()).width).toBeLessThanOrEqual((await pageSize()).viewport);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tasks/${id}`);
    const phone = await pageSize();
    expect(phone.width, "no sideways scroll at 390 px").toBeLessThanOrEqual(phone.viewport);
    details = await box("[data-task-details]");
    history = await box("[data-task-history]");
    expect(history.y, "one column on a phone: the activity below the details").toBeGreaterThanOrEqual(details.y + details.height);
  },
);
