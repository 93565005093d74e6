import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, norm, outbox, uniqueToken } from "./harness";

/**
 * The task page /tasks/{id} (an opportunity's in smallBusiness) and its drawers without JavaScript: move a
 * task with 'Update progress' (the activity log, the list and the board follow), the e-mails drawer and the
 * development outbox, the page's other forms (confidence, revenue, products, notes, KYB), details edited in
 * the edit drawer, delete, a viewer's read-only page, and an opportunity created in smallBusiness.
 *
 * Every task a test changes is one it created, named with a random token.
 */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

interface Pipeline {
  id: number;
  name: string;
  stages: { id: number; name: string; order: number }[];
}

async function taskApi(email: string = USERS.admin.email) {
  const api = await apiAs(email);
  return {
    ...api,
    async pipelines(): Promise<Pipeline[]> {
      const { data } = await api.call<{ data: Pipeline[] }>("GET", "/pipelines?filter%5Bstatus%5D=1&include=stages&page%5Bsize%5D=100&sort=name");
      return data.map((p) => ({ ...p, stages: [...p.stages].sort((a, b) => a.order - b.order) })).filter((p) => p.stages.length >= 3);
    },
    async createTask(name: string, pipelineId: number, stageId: number, more: Record<string, unknown> = {}) {
      const { data } = await api.call<{ data: { id: number } }>(
        "POST",
        "/task",
        { name, pipeline_id: pipelineId, pipeline_stage_id: stageId, priority: 1, ...more },
        201,
      );
      return data.id;
    },
    async getTask(id: number) {
      return (await api.call<{ data: { datapoints: Record<string, unknown> } }>("GET", `/task/${id}`)).data;
    },
  };
}

let api: Awaited<ReturnType<typeof taskApi>>;
let pipelines: Pipeline[];
beforeAll(async () => {
  api = await taskApi();
  pipelines = await api.pipelines();
});

function section(page: NojsPage, title: string) {
  const el = page.region(title);
  if (!el) throw new Error(`No section ${title} on ${page.path}`);
  return el;
}

function summary(page: NojsPage): string {
  return page.text("[data-task-summary]");
}

function activity(page: NojsPage): string[] {
  return section(page, "Activity")
    .querySelectorAll("li[data-activity]")
    .map((li) => norm(li.text));
}

function stageOf(page: NojsPage, pipeline: string, stage: string) {
  expect(summary(page)).toMatch(new RegExp(`${pipeline.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*·\\s*${stage.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
}

const admin = () => NojsBrowser.as("admin");

describe("Task page, as Harbour Brokers' admin", () => {
  test("its datapoints show under Details by name, dates as dd/mm/yy; a task without any has no Details", async () => {
    const [pipeline] = pipelines;
    const token = uniqueToken();
    const id = await api.createTask(`Datapoints ${token}`, pipeline.id, pipeline.stages[0].id, {
      datapoints: { source: "Introducer", renewal_month: "October", review_on: "2027-01-15" },
    });
    const plain = await api.createTask(`No datapoints ${token}`, pipeline.id, pipeline.stages[0].id);

    const page = await admin().goto(`/tasks/${id}`);
    const details = section(page, "Details");
    expect(details.querySelectorAll("dt").map((e) => norm(e.text))).toEqual(["Renewal month", "Review on", "Source"]);
    expect(details.querySelectorAll("dd").map((e) => norm(e.text))).toEqual(["October", "15/01/27", "Introducer"]);
    const other = await admin().goto(`/tasks/${plain}`);
    expect(other.region("Notes")).not.toBeNull();
    expect(other.region("Details")).toBeNull();
  });

  test("details are edited in the Edit drawer: a value changed, a row added, one removed by clearing its name; a name twice is refused; a number stays a number", async () => {
    const [pipeline] = pipelines;
    const token = uniqueToken();
    const id = await api.createTask(`Details ${token}`, pipeline.id, pipeline.stages[0].id, {
      datapoints: { policy_ref: "PX-1", premium: 1250.5, introducer: "Smith & Co" },
    });
    const edit = await admin().goto(`/tasks/${id}/edit`);
    const form = edit.form({ button: "Save", within: edit.drawer() });
    expect(form.value("Detail 2 name")).toBe("policy_ref");
    expect(form.value("Detail 3 value")).toBe("1250.5");
    form
      .fill("Detail 2 value", "PX-2")
      .fill("Detail 1 name", "")
      .fill("Detail 4 name", "source")
      .fill("Detail 4 value", "Referral")
      .fill("Detail 5 name", "source");
    const refused = await form.submit("Save");
    expect(refused.text("[data-datapoint-rows] [role=alert]")).toBe("“source” is named twice: give each row its own name.");
    const again = refused.form({ button: "Save", within: refused.drawer() });
    expect(again.value("Detail 2 value")).toBe("PX-2");
    const saved = await again.fill("Detail 5 name", "").submit("Save");
    expect(saved.toasts()).toContain("Task updated.");
    const details = section(saved, "Details");
    expect(details.querySelectorAll("dt").map((e) => norm(e.text))).toEqual(["Policy ref", "Premium", "Source"]);
    expect(details.querySelectorAll("dd").map((e) => norm(e.text))).toEqual(["PX-2", "1250.5", "Referral"]);
    expect((await api.getTask(id)).datapoints).toEqual({ policy_ref: "PX-2", premium: 1250.5, source: "Referral" });
  });

  test("an open task whose expected close has passed reads 'overdue' in the list and on its page; one still to come does not", async () => {
    const [pipeline] = pipelines;
    const token = uniqueToken();
    const late = await api.createTask(`Overdue ${token}`, pipeline.id, pipeline.stages[0].id, { expected_close_date: "2024-03-01" });
    await api.createTask(`Due later ${token}`, pipeline.id, pipeline.stages[0].id, { expected_close_date: "2099-12-31" });
    const list = await admin().goto(`/tasks?search=${token}`);
    expect(norm(list.rowsWith(`Overdue ${token}`)[0].text)).toContain("01/03/24 · overdue");
    const later = norm(list.rowsWith(`Due later ${token}`)[0].text);
    expect(later).toContain("31/12/99");
    expect(later).not.toContain("overdue");
    expect(summary(await admin().goto(`/tasks/${late}`))).toContain("01/03/24 · overdue");
  });

  test("a task opened from the list moves with 'Update progress': note, document, activity log, list and board follow", async () => {
    const token = uniqueToken();
    const name = `Nojs Detail ${token}`;
    const [pipeline] = pipelines;
    const [from, to] = pipeline.stages;
    const id = await api.createTask(name, pipeline.id, from.id);
    const browser = admin();
    const list = await browser.goto(`/tasks?search=${token}`);
    const page = await list.click(name, list.rowsWith(name)[0]);
    expect(page.path).toBe(`/tasks/${id}`);
    expect(page.h1).toBe(name);
    expect(page.title).toBe(`${name} | flightDeck`);
    stageOf(page, pipeline.name, from.name);
    expect(summary(page)).toContain("High");
    expect(summary(page)).toContain("Not started");
    expect(page.text("[data-task-summary] [data-kyb]")).toBe("No");
    expect(page.link("Back").getAttribute("href")).toBe("/tasks");

    const moved = await page
      .form({ button: "Update progress", within: section(page, "Update progress") })
      .select("Stage", String(to.id))
      .fill("Size", "12")
      .fill("Note", `Terms agreed ${token}`)
      .attach("Document", { name: "terms.pdf", type: "application/pdf", content: PDF })
      .submit("Update progress");
    expect(moved.toasts()).toContain("Progress updated.");
    expect(moved.path).toBe(`/tasks/${id}`);
    stageOf(moved, pipeline.name, to.name);
    const log = activity(moved);
    expect(log[0]).toContain("Amelia Hart updated the progress");
    expect(log[0]).toContain(`Stage: ${from.name} → ${to.name}`);
    expect(log[0]).toContain("Size: 12");
    expect(norm(section(moved, "Activity").querySelector("li[data-activity] time")?.text)).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(log.at(-1)).toContain("Amelia Hart created the task");
    const note = section(moved, "Notes").querySelector("[data-note]")!;
    expect(norm(note.text)).toContain(`Terms agreed ${token}`);
    const href = moved.link("terms.pdf", note).getAttribute("href")!;
    expect(href).toMatch(new RegExp(`^/tasks/${id}/documents/\\d+$`));
    // It downloads with the session, as an attachment; signed out, the same address goes to the sign-in page.
    const download = await browser.raw("GET", new URL(href, moved.url));
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="terms\.pdf"/);
    expect(download.headers["cache-control"]).toBe("private, no-store");
    const signedOut = await new NojsBrowser().raw("GET", new URL(href, moved.url));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.location).toMatch(/^\/login/);
    expect(moved.form({ button: "Update progress", within: section(moved, "Update progress") }).value("Stage")).toBe(String(to.id));

    expect(norm((await browser.goto(`/tasks?search=${token}`)).rowsWith(name)[0].text)).toContain(to.name);
    const board = await browser.goto(`/tasks/board?pipeline=${pipeline.id}`);
    expect(board.$(`[data-stage-column="${to.id}"] [data-task-card="${id}"]`)).not.toBeNull();
    expect(board.$(`[data-stage-column="${from.id}"] [data-task-card="${id}"]`)).toBeNull();
  });

  test("'Update progress' moves a task to another pipeline; a stage of another pipeline is refused under Stage and what was typed stays", async () => {
    const token = uniqueToken();
    const [first, second] = pipelines;
    const id = await api.createTask(`Nojs Pipeline ${token}`, first.id, first.stages[0].id);
    const page = await admin().goto(`/tasks/${id}`);
    // Without JavaScript every pipeline's stages are offered: another pipeline with a stage of the first is refused.
    const refused = await page
      .form({ button: "Update progress", within: section(page, "Update progress") })
      .select("Pipeline", String(second.id))
      .select("Stage", String(first.stages[1].id))
      .fill("Size", "7")
      .submit("Update progress");
    const progress = section(refused, "Update progress");
    expect(progress.querySelectorAll("[role=alert]").map((e) => norm(e.text))).toContain("Check the fields marked below.");
    expect(progress.querySelectorAll(".field-error").map((e) => norm(e.text))).toContain("The stage must belong to the chosen pipeline.");
    const form = refused.form({ button: "Update progress", within: progress });
    expect(form.value("Size")).toBe("7");

    const moved = await form.select("Pipeline", String(second.id)).select("Stage", String(second.stages[1].id)).submit("Update progress");
    expect(moved.toasts()).toContain("Progress updated.");
    stageOf(moved, second.name, second.stages[1].name);
    expect(activity(moved)[0]).toContain(`Pipeline: ${first.name} → ${second.name}`);
    expect(activity(moved)[0]).toContain(`Stage: ${first.stages[0].name} → ${second.stages[1].name}`);
  });

  test("the e-mails drawer sends a task e-mail: a bad address is refused under To; sent, it is listed, logged, and in the outbox", async () => {
    const token = uniqueToken();
    const [pipeline] = pipelines;
    const id = await api.createTask(`Nojs Mail ${token}`, pipeline.id, pipeline.stages[0].id);
    const address = `client-${token}@example.com`;
    const subject = `Your renewal terms ${token}`;
    const browser = admin();
    const page = await browser.goto(`/tasks/${id}`);
    const drawer = await page.click("E-mails");
    expect(drawer.path).toBe(`/tasks/${id}/emails`);
    expect(drawer.text("[data-drawer]")).toContain("E-mails of this task");
    expect(drawer.text("[data-drawer]")).toContain("No e-mails yet.");

    const refused = await drawer
      .form({ button: "Send e-mail", within: drawer.drawer() })
      .fill("To", "not-an-address")
      .fill("Subject", subject)
      .fill("Message", "Please find the terms attached.")
      .submit("Send e-mail");
    expect(refused.text("[data-drawer] #email-to-error")).toBe("Enter a valid e-mail address.");
    const form = refused.form({ button: "Send e-mail", within: refused.drawer() });
    expect(form.value("Subject")).toBe(subject);

    const sent = await form.fill("To", address).submit("Send e-mail");
    expect(sent.toasts()).toContain(`E-mail sent to ${address}.`);
    expect(sent.path).toBe(`/tasks/${id}/emails`);
    const mails = sent.$$("[data-drawer] [data-email]");
    expect(mails).toHaveLength(1);
    expect(norm(mails[0].querySelector("[data-email-subject]")?.text)).toBe(subject);
    expect(norm(mails[0].querySelector("[data-email-to]")?.text)).toBe(address);
    expect(sent.form({ button: "Send e-mail", within: sent.drawer() }).value("Subject")).toBe("");

    const [message] = await outbox(address);
    expect(message.subject).toBe(subject);
    expect(message.text).toContain("Please find the terms attached.");

    const closed = await sent.click("Close", sent.drawer()!);
    expect(closed.path).toBe(`/tasks/${id}`);
    expect(activity(closed)[0]).toContain("Amelia Hart sent an e-mail");
    expect(activity(closed)[0]).toContain(`Subject: ${subject}`);
  });

  test("confidence, revenue, products, notes and the KYB flag are saved from the page; a note is shown as plain text", async () => {
    const token = uniqueToken();
    const [pipeline] = pipelines;
    const id = await api.createTask(`Nojs Sections ${token}`, pipeline.id, pipeline.stages[0].id);
    let page = await admin().goto(`/tasks/${id}`);

    expect(page.text("[data-confidence-total]")).toContain("—");
    page = await page
      .form({ button: "Save confidence", within: section(page, "Confidence") })
      .select("Confidence in revenue timing", "On track (4)")
      .select("Confidence in revenue estimate", "Firm quote (4)")
      .select("Confidence in execution", "Terms received (4)")
      .select("Confidence in client", "Committed (4)")
      .submit("Save confidence");
    expect(page.toasts()).toContain("Confidence saved.");
    expect(page.text("[data-confidence-total]")).toBe("Total score: 16 / 20");

    page = await page
      .form({ button: "Save revenue", within: section(page, "Revenue") })
      .select("Payment frequency", "Monthly")
      .fill("Expected revenue (£)", "12500.5")
      .submit("Save revenue");
    expect(page.toasts()).toContain("Revenue saved.");
    expect(summary(page)).toContain("£12,500.50");
    expect(activity(page)[0]).toContain("Amelia Hart changed the revenue");
    expect(activity(page)[0]).toContain("Payment frequency: Monthly");

    page = await page
      .form({ button: "Add product", within: section(page, "Products") })
      .select("Product type", "Cyber")
      .fill("Product name", `Cyber cover ${token}`)
      .fill("Premium (£)", "1200")
      .fill("Commission (£)", "180")
      .submit("Add product");
    expect(page.toasts()).toContain(`Product Cyber cover ${token} added.`);
    const row = section(page, "Products")
      .querySelectorAll("tr")
      .find((r) => norm(r.text).includes(`Cyber cover ${token}`))!;
    expect(norm(row.text)).toContain("£1,200.00");
    expect(norm(row.text)).toContain("£180.00");
    const ask = await page.click(`Remove Cyber cover ${token}`, row);
    expect(ask.path).toMatch(new RegExp(`^/tasks/${id}/products/.+/delete$`));
    expect(ask.text("[data-confirm]")).toContain(`Cyber cover ${token}`);
    page = await ask.form({ button: "Remove", within: ask.confirmation() }).submit("Remove");
    expect(page.toasts()).toContain("Product removed.");
    expect(page.path).toBe(`/tasks/${id}`);
    expect(norm(section(page, "Products").text)).toContain("No products yet.");

    const text = `<b>bold</b> <script>window.__noteRan = true</script> ${token}`;
    page = await page
      .form({ button: "Add note", within: section(page, "Notes") })
      .fill("Add a note", text)
      .submit("Add note");
    expect(page.toasts()).toContain("Note added.");
    const note = section(page, "Notes").querySelector("[data-note]")!;
    expect(norm(note.text)).toContain(text);
    expect(note.querySelectorAll("b, script")).toHaveLength(0);

    page = await page.form({ button: "Mark for KYB", within: page.one("[data-task-summary]") }).submit("Mark for KYB");
    expect(page.toasts()).toContain("Marked for KYB.");
    expect(page.text("[data-task-summary] [data-kyb]")).toBe("Yes");
    expect(activity(page)[0]).toContain("Amelia Hart marked it for KYB");
  });

  test("the summary says who the task is for, each a link to their page; each field is asked once on the page, and 'Update progress' keeps the revenue's timing", async () => {
    const token = uniqueToken();
    const [pipeline] = pipelines;
    const [person] = (await api.call<{ data: { id: number; full_name: string }[] }>("GET", "/individual?page%5Bsize%5D=1&sort=full_name")).data;
    const id = await api.createTask(`Nojs Once ${token}`, pipeline.id, pipeline.stages[0].id, { source_individual_id: person.id });
    let page = await admin().goto(`/tasks/${id}`);
    expect(page.link(person.full_name, page.one("[data-task-summary]")).getAttribute("href")).toBe(`/individual/${person.id}`);
    // One control a field in the page's forms (the drawers are pages of their own).
    for (const name of ["pipeline_id", "pipeline_stage_id", "size", "expected_revenue", "expected_revenue_start_date", "payment_frequency_id"]) {
      expect(page.$$(`main [name="${name}"]`), name).toHaveLength(1);
    }

    page = await page
      .form({ button: "Save revenue", within: section(page, "Revenue") })
      .fill("Expected revenue (£)", "900")
      .fill("Revenue start date", "2027-04-01")
      .select("Payment frequency", "Monthly")
      .submit("Save revenue");
    expect(page.toasts()).toContain("Revenue saved.");
    const timing = async () => {
      const { data } = await api.call<{ data: { expected_revenue_start_date: string | null; payment_frequency_id: number | null } }>("GET", `/task/${id}`);
      return { start: data.expected_revenue_start_date, frequency: data.payment_frequency_id };
    };
    const saved = await timing();
    expect(saved.start).toBe("2027-04-01");
    expect(saved.frequency).not.toBeNull();

    const moved = await page
      .form({ button: "Update progress", within: section(page, "Update progress") })
      .select("Stage", String(pipeline.stages[1].id))
      .fill("Size", "3")
      .submit("Update progress");
    expect(moved.toasts()).toContain("Progress updated.");
    stageOf(moved, pipeline.name, pipeline.stages[1].name);
    expect(await timing()).toEqual(saved);
    expect(moved.form({ button: "Save revenue", within: section(moved, "Revenue") }).value("Revenue start date")).toBe("2027-04-01");
  });

  test("the revenue and product forms are checked with the contract's rules: the message under the field, what was typed kept, nothing saved", async () => {
    const token = uniqueToken();
    const [pipeline] = pipelines;
    const id = await api.createTask(`Nojs Checked ${token}`, pipeline.id, pipeline.stages[0].id);
    const page = await admin().goto(`/tasks/${id}`);

    const revenue = await page
      .form({ button: "Save revenue", within: section(page, "Revenue") })
      .fill("Expected revenue (£)", "a lot")
      .submit("Save revenue");
    const revenueSection = section(revenue, "Revenue");
    expect(revenueSection.querySelectorAll("[role=alert]").map((e) => norm(e.text))).toContain("Check the fields marked below.");
    expect(revenue.fieldError("Expected revenue (£)", revenueSection)).toBe("Enter an amount in pounds, e.g. 1250.50.");
    expect(revenue.form({ button: "Save revenue", within: revenueSection }).value("Expected revenue (£)")).toBe("a lot");

    const product = await revenue
      .form({ button: "Add product", within: section(revenue, "Products") })
      .select("Product type", "Cyber")
      .fill("Product name", `Cyber cover ${token}`)
      .fill("Premium (£)", "-5")
      .submit("Add product");
    const products = section(product, "Products");
    expect(products.querySelectorAll("[role=alert]").map((e) => norm(e.text))).toContain("Check the fields marked below.");
    expect(product.fieldError("Premium (£)", products)).toBe("Enter 0 or more: an amount may not be negative.");
    const form = product.form({ button: "Add product", within: products });
    expect(form.value("Product name")).toBe(`Cyber cover ${token}`);
    expect(form.value("Premium (£)")).toBe("-5");
    expect(norm(products.text)).toContain("No products yet.");
  });

  test("Edit saves in the drawer (a refused name keeps what was typed); Delete asks first, then goes back to the list with a toast", async () => {
    const token = uniqueToken();
    const [pipeline] = pipelines;
    const id = await api.createTask(`Nojs Edit ${token}`, pipeline.id, pipeline.stages[0].id);
    const browser = admin();
    const page = await browser.goto(`/tasks/${id}`);
    const edit = await page.click("Edit");
    expect(edit.path).toBe(`/tasks/${id}/edit`);
    expect(edit.text("[data-drawer]")).toContain("Edit task");
    const form = edit.form({ button: "Save", within: edit.drawer() });
    expect(form.value("Name")).toBe(`Nojs Edit ${token}`);
    const refused = await form.fill("Name", " ").select("Priority", "Low").submit("Save");
    expect(refused.text("[data-drawer] [role=alert]")).toContain("Check the fields marked below.");
    expect(refused.text("[data-drawer]")).toContain("Enter a name.");
    const again = refused.form({ button: "Save", within: refused.drawer() });
    expect(again.value("Priority")).toBe("3");

    const saved = await again.fill("Name", `Nojs Edited ${token}`).submit("Save");
    expect(saved.toasts()).toContain("Task updated.");
    expect(saved.path).toBe(`/tasks/${id}`);
    expect(saved.h1).toBe(`Nojs Edited ${token}`);
    expect(summary(saved)).toContain("Low");
    expect(activity(saved)[0]).toContain("Amelia Hart changed the task");
    expect(activity(saved)[0]).toContain(`Name: Nojs Edit ${token} → Nojs Edited ${token}`);

    const ask = await saved.click("Delete");
    expect(ask.path).toBe(`/tasks/${id}/delete`);
    const back = await ask.click("Cancel", ask.confirmation()!);
    expect(back.path).toBe(`/tasks/${id}`);
    const ask2 = await back.click("Delete");
    expect(ask2.text("[data-confirm]")).toContain(`Nojs Edited ${token}`);
    const gone = await ask2.form({ button: "Remove", within: ask2.confirmation() }).submit("Remove");
    expect(gone.toasts()).toContain("Task deleted.");
    expect(gone.path).toBe("/tasks");
    expect((await browser.goto(`/tasks/${id}`)).h1).toBe("Page not found");
  });
});

test("a viewer (task_view only) sees the task without its forms, and cannot open the edit drawer", async () => {
  const token = uniqueToken();
  const [pipeline] = pipelines;
  const id = await api.createTask(`Nojs Viewer ${token}`, pipeline.id, pipeline.stages[0].id);
  const viewer = NojsBrowser.as("viewer");
  const page = await viewer.goto(`/tasks/${id}`);
  expect(page.h1).toBe(`Nojs Viewer ${token}`);
  expect(page.region("Update progress")).toBeNull();
  expect(page.links("Edit")).toHaveLength(0);
  expect(page.$$("button").filter((b) => norm(b.text) === "Save confidence")).toHaveLength(0);
  expect(norm(section(page, "Activity").text)).toContain("Amelia Hart created the task");
  expect((await viewer.goto(`/tasks/${id}/edit`)).path).toBe(`/tasks/${id}`);
});

test("in the smallBusiness brand an opportunity is created from /tasks/new and moved to another stage", async () => {
  const token = uniqueToken();
  const name = `Nojs Opportunity ${token}`;
  const ownerApi = await taskApi(USERS.owner.email);
  const [pipeline] = await ownerApi.pipelines();
  const [first, second] = pipeline.stages;
  const browser = NojsBrowser.as("owner");

  const list = await browser.goto(`/tasks?search=${token}`);
  expect(list.h1).toBe("Opportunities");
  const add = await list.click("ADD OPPORTUNITY");
  expect(add.path).toBe("/tasks/new");
  expect(add.text("[data-drawer]")).toContain("Add opportunity");
  const page = await add
    .form({ button: "Create opportunity", within: add.drawer() })
    .fill("Name", name)
    .select("Pipeline", String(pipeline.id))
    .submit("Create opportunity");
  expect(page.toasts()).toContain("Opportunity created.");
  expect(page.path).toMatch(/^\/tasks\/\d+$/);
  const id = page.path.split("/").pop();
  expect(page.h1).toBe(name);
  expect(page.title).toBe(`${name} | smallBusiness`);
  stageOf(page, pipeline.name, first.name);
  expect(activity(page).at(-1)).toContain("Olivia Bloom created the opportunity");
  expect(page.text()).toContain("Move the opportunity to another stage of its pipeline or to another pipeline");

  const moved = await page
    .form({ button: "Update progress", within: section(page, "Update progress") })
    .select("Stage", String(second.id))
    .submit("Update progress");
  expect(moved.toasts()).toContain("Progress updated.");
  expect(moved.path).toBe(`/tasks/${id}`);
  stageOf(moved, pipeline.name, second.name);
  expect(activity(moved)[0]).toContain("Olivia Bloom updated the progress");
  expect(activity(moved)[0]).toContain(`Stage: ${first.name} → ${second.name}`);
  expect(norm(section(moved, "Notes").querySelector("[data-note]")?.text)).toContain(`Moved from ${first.name} to ${second.name}.`);

  const mails = await moved.click("E-mails");
  expect(mails.text("[data-drawer]")).toContain("E-mails of this opportunity");
  expect(norm((await browser.goto(`/tasks?search=${token}`)).rowsWith(name)[0].text)).toContain(second.name);
});

test("in the smallBusiness brand the opportunity's page says no broker terms: verification, not KYB; price and supplier, not premium and provider", async () => {
  const token = uniqueToken();
  const ownerApi = await taskApi(USERS.owner.email);
  const [pipeline] = await ownerApi.pipelines();
  const id = await ownerApi.createTask(`Nojs Words ${token}`, pipeline.id, pipeline.stages[0].id);
  const broker = /\b(KYB|Premium|Provider)\b/;
  // The page's own words: headings, labels, facts, columns, buttons and links (the choices of its selects are the
  // API's lookups, the same for both editions).
  const ownWords = (p: NojsPage) =>
    p.text(["h1", "h2", "h3", "label", "dt", "dd", "th", "li", "button", "a", "summary", "[role=alert]"].map((tag) => `main ${tag}`).join(", "));
  let page = await NojsBrowser.as("owner").goto(`/tasks/${id}`);
  expect(ownWords(page)).not.toMatch(broker);
  expect(norm(page.one("[data-task-summary]").text)).toMatch(/Customer/);
  expect(norm(page.one("[data-task-summary]").text)).toMatch(/Verification\s*No/);

  page = await page.form({ button: "Mark for verification", within: page.one("[data-task-summary]") }).submit("Mark for verification");
  expect(page.toasts()).toContain("Marked for verification.");
  expect(page.text("[data-task-summary] [data-kyb]")).toBe("Yes");
  expect(activity(page)[0]).toContain("Olivia Bloom marked it for verification");

  page = await page
    .form({ button: "Add product", within: section(page, "Products") })
    .select("Product type", "Cyber")
    .fill("Product name", `Gift hampers ${token}`)
    .fill("Supplier", "Mill Lane Farm")
    .fill("Price (£)", "240")
    .submit("Add product");
  expect(page.toasts()).toContain(`Product Gift hampers ${token} added.`);
  const products = section(page, "Products");
  expect(products.querySelectorAll("th").map((th) => norm(th.text))).toEqual(expect.arrayContaining(["Supplier", "Price"]));
  expect(norm(products.text)).toContain("£240.00");
  expect(ownWords(page)).not.toMatch(broker);

  page = await page.form({ button: "Clear verification flag", within: page.one("[data-task-summary]") }).submit("Clear verification flag");
  expect(page.toasts()).toContain("Verification flag cleared.");
  expect(activity(page)[0]).toContain("Olivia Bloom cleared the verification flag");

  // The same page in flightDeck says KYB, premium and provider.
  const [fdPipeline] = pipelines;
  const fd = await admin().goto(`/tasks/${await api.createTask(`Nojs Words ${token}`, fdPipeline.id, fdPipeline.stages[0].id)}`);
  expect(norm(fd.one("[data-task-summary]").text)).toMatch(/KYB\s*No/);
  const add = fd.form({ button: "Add product", within: section(fd, "Products") });
  expect(add.control("Premium (£)")).toBeTruthy();
  expect(add.control("Provider")).toBeTruthy();
});
