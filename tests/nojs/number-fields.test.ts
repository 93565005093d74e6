import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, uniqueToken } from "./harness";

/**
 * Forms never surprise, without JavaScript: a number field that may not be negative refuses a negative with a
 * message under the field (never a silent £0.00 reported as saved), and a refused form's top line says what to
 * do ("Check the fields marked below.") when fields are marked.
 */

interface Pipeline {
  id: number;
  name: string;
  stages: { id: number; name: string; order: number }[];
}

let api: Awaited<ReturnType<typeof apiAs>>;
let pipeline: Pipeline;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
  const { data } = await api.call<{ data: Pipeline[] }>("GET", "/pipelines?filter%5Bstatus%5D=1&include=stages&page%5Bsize%5D=100&sort=name");
  pipeline = data.map((p) => ({ ...p, stages: [...p.stages].sort((a, b) => a.order - b.order) })).find((p) => p.stages.length >= 3)!;
});

const NEGATIVE = "Enter 0 or more: an amount may not be negative.";
const CHECK = "Check the fields marked below.";

function section(page: NojsPage, title: string) {
  const el = page.region(title);
  if (!el) throw new Error(`No section ${title} on ${page.path}`);
  return el;
}

async function createTask(name: string, more: Record<string, unknown> = {}) {
  const body = { name, pipeline_id: pipeline.id, pipeline_stage_id: pipeline.stages[0].id, priority: 1, ...more };
  return (await api.call<{ data: { id: number } }>("POST", "/task", body, 201)).data.id;
}

describe("Negative amounts, as Harbour Brokers' admin", () => {
  test("a new task with revenue −500 is refused under the field, nothing is saved, and the banner says to check the fields", async () => {
    const token = uniqueToken();
    const page = await NojsBrowser.as("admin").goto("/tasks/new");
    const refused = await page
      .form({ button: "Create task", within: page.drawer() })
      .fill("Name", `Nojs Negative ${token}`)
      .select("Pipeline", String(pipeline.id))
      .fill("Expected revenue (£)", "-500")
      .submit("Create task");
    expect(refused.status).toBe(422);
    expect(refused.path).toBe("/tasks/new");
    expect(refused.fieldError("Expected revenue (£)", refused.drawer()!)).toBe(NEGATIVE);
    expect(refused.text("[data-drawer] [role=alert]")).toBe(CHECK);
    expect(refused.toasts()).not.toContain("Task created.");
    // What was typed is kept, so it can be corrected.
    expect(refused.form({ button: "Create task", within: refused.drawer() }).value("Expected revenue (£)")).toBe("-500");
    const list = await api.call<{ data: unknown[] }>("GET", `/task?filter%5Bsearch%5D=${encodeURIComponent(token)}`);
    expect(list.data).toHaveLength(0);
  });

  test("the task page's revenue −500 is refused and the task keeps its revenue; a product's negative premium is refused", async () => {
    const token = uniqueToken();
    const id = await createTask(`Nojs Negative revenue ${token}`, { expected_revenue: 1200 });
    const page = await NojsBrowser.as("admin").goto(`/tasks/${id}`);
    const refused = await page
      .form({ button: "Save revenue", within: section(page, "Revenue") })
      .fill("Expected revenue (£)", "-500")
      .submit("Save revenue");
    expect(refused.status).toBe(422);
    const revenue = section(refused, "Revenue");
    expect(refused.fieldError("Expected revenue (£)", revenue)).toBe(NEGATIVE);
    expect(revenue.querySelector("[role=alert]")?.text.trim()).toBe(CHECK);
    const task = (await api.call<{ data: { expected_revenue: number | null } }>("GET", `/task/${id}`)).data;
    expect(task.expected_revenue).toBe(1200);

    const product = await refused
      .form({ button: "Add product", within: section(refused, "Products") })
      .select("Product type", "Cyber")
      .fill("Product name", `Cyber ${token}`)
      .fill("Premium (£)", "-5")
      .submit("Add product");
    expect(product.status).toBe(422);
    expect(product.fieldError("Premium (£)", section(product, "Products"))).toBe(NEGATIVE);
  });

  test("the API refuses a negative amount with the same message, never stores 0", async () => {
    const token = uniqueToken();
    const refused = await api.call<{ errors: Record<string, string[]> }>(
      "POST",
      "/task",
      { name: `Api Negative ${token}`, pipeline_id: pipeline.id, expected_revenue: -500 },
      422,
    );
    expect(refused.errors.expected_revenue).toEqual([NEGATIVE]);
  });
});
