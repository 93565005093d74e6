import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, norm, uniqueToken } from "./harness";

/**
 * Calls without JavaScript: the Call button of an individual's and a company's page is a form that records the
 * call and hands the number to the device's dialler (tel:); the Calls tab lists it. A record without a number
 * has no Call button; a user who may not make calls is told why and stays on the page.
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const individual = async (first: string, last: string, more: Record<string, unknown> = {}) =>
  (await api.call<{ data: { id: number } }>("POST", "/individual", { first_name: first, last_name: last, ...more }, 201)).data;
const company = async (name: string, more: Record<string, unknown> = {}) =>
  (await api.call<{ data: { id: number } }>("POST", "/company", { name, ...more }, 201)).data;

describe("Calls, as Harbour Brokers' admin", () => {
  test("Call on an individual's page records the call and opens tel:; the Calls tab shows it", async () => {
    const token = uniqueToken();
    const person = await individual("Dora", `Dial${token}`, { telephone: "020 7946 0123" });
    const browser = NojsBrowser.as("admin");
    const page = await browser.goto(`/individual/${person.id}`);
    const dialled = await page.form({ button: /^Call Dora Dial/ }).submit(/^Call Dora Dial/);
    expect(dialled.url.href).toBe("tel:02079460123");

    const tab = await browser.goto(`/individual/${person.id}?tab=calls`);
    const log = tab.$$("[data-call-log] tbody tr").map((r) => norm(r.text));
    expect(log).toHaveLength(1);
    expect(log[0]).toContain("020 7946 0123");
    expect(log[0]).toContain("Phone's dialler");
    expect(log[0]).toContain("Started");
  });

  test("a company's page calls the company's number; a record without a number has no Call button", async () => {
    const token = uniqueToken();
    const org = await company(`Dial Co ${token}`, { telephone: "0161 496 0000" });
    const browser = NojsBrowser.as("admin");
    const page = await browser.goto(`/company/${org.id}`);
    expect((await page.form({ button: /^Call Dial Co/ }).submit(/^Call Dial Co/)).url.href).toBe("tel:01614960000");
    expect(norm((await browser.goto(`/company/${org.id}?tab=calls`)).$$("[data-call-log] tbody tr")[0]?.text)).toContain("0161 496 0000");

    const silent = await individual("Sid", `Silent${token}`);
    const quiet = await browser.goto(`/individual/${silent.id}`);
    expect(quiet.$$("[data-call-button]")).toHaveLength(0);
    expect((await browser.goto(`/individual/${silent.id}?tab=calls`)).text()).toContain(`No calls to Sid Silent${token} yet.`);
  });
});

describe("Calls, as a user who may not make phone calls", () => {
  test("the task page's Call button comes back to the page with the spec's reason, and nothing is recorded", async () => {
    const token = uniqueToken();
    const person = await individual("Nell", `NoCall${token}`, { telephone: "0113 496 0000" });
    const pipelines = await api.call<{ data: { id: number }[] }>("GET", "/pipelines?page[size]=1");
    const task = (
      await api.call<{ data: { id: number } }>(
        "POST",
        "/task",
        { name: `Call back ${token}`, pipeline_id: pipelines.data[0].id, source_individual_id: person.id },
        201,
      )
    ).data;
    const browser = NojsBrowser.as("viewer");
    const page = await browser.goto(`/tasks/${task.id}`);
    const back = await page.form({ button: /^Call Nell NoCall/ }).submit(/^Call Nell NoCall/);
    expect(back.path).toBe(`/tasks/${task.id}`);
    expect(back.toasts()).toContain("You do not have permission to make phone calls");
    expect(back.text()).toContain("No calls about this task yet.");
  });
});
