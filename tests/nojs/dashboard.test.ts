import { describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, norm } from "./harness";

/**
 * The dashboard and the global search without JavaScript: server-drawn SVG charts with their figures in a
 * table, following the interval in the URL; 'My open tasks'; the header's search opens the results page.
 */

const chart = (page: NojsPage, name = "new-vs-won") => page.one(`svg[data-chart="${name}"]`);
const periods = (page: NojsPage) => page.$$('[data-widget="new-vs-won"] [data-chart-table] tbody th').map((e) => norm(e.text));
const interval = (page: NojsPage, label: string) => page.link(label, page.one('nav[aria-label="Interval"]'));
const admin = () => NojsBrowser.as("admin");

async function seededMatch() {
  const api = await apiAs(USERS.admin.email);
  const people = (await api.call<{ data: { id: number; full_name: string }[] }>("GET", "/individual?page%5Bsize%5D=25&sort=full_name")).data;
  for (const person of people) {
    const found = (
      await api.call<{ data: { tasks?: { id: number; name: string }[]; individuals?: { id: number; name: string }[] } }>(
        "GET",
        `/global-search?q=${encodeURIComponent(person.full_name)}&limit=5`,
      )
    ).data;
    const task = found.tasks?.[0];
    const individual = found.individuals?.find((i) => i.id === person.id);
    if (task && individual) return { q: person.full_name, task, individual };
  }
  throw new Error("No seeded individual with tasks named after them");
}

describe("Dashboard, as Harbour Brokers' admin", () => {
  test("the new-vs-won chart follows the interval in the URL, with its figures in a table", async () => {
    const page = await admin().goto("/dashboard");
    expect(page.text("[data-company-bar]")).toBe("Harbour Brokers");
    // The greeting is said once, in the header, not again under the title.
    expect(page.text("main")).not.toMatch(/Good (Morning|Afternoon|Evening)/);
    expect(interval(page, "Month").getAttribute("aria-current")).toBe("page");
    expect(chart(page).getAttribute("role")).toBe("img");
    expect(chart(page).getAttribute("aria-label")).toMatch(/^New and won tasks per month\. .+: \d+ new, \d+ won\.$/);
    expect(chart(page).getAttribute("data-buckets")).toBe("12");
    expect(periods(page)).toHaveLength(12);
    expect(periods(page)[0]).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    const monthly = chart(page).getAttribute("aria-label");
    const monthlyBars = chart(page).querySelectorAll("rect").length;

    const quarter = await page.click(interval(page, "Quarter").text.trim(), page.one('nav[aria-label="Interval"]'));
    expect(quarter.path).toBe("/dashboard");
    expect(quarter.param("interval")).toBe("quarter");
    expect(interval(quarter, "Quarter").getAttribute("aria-current")).toBe("page");
    expect(chart(quarter).getAttribute("aria-label")).toMatch(/^New and won tasks per quarter\. Q[1-4] \d{4} to Q[1-4] \d{4}: \d+ new, \d+ won\.$/);
    expect(chart(quarter).getAttribute("data-buckets")).toBe("8");
    expect(periods(quarter)).toHaveLength(8);
    expect(periods(quarter).at(-1)).toMatch(/^Q[1-4] \d{4}$/);
    expect(chart(quarter).getAttribute("aria-label")).not.toBe(monthly);
    expect(chart(quarter).querySelectorAll("rect").length).not.toBe(monthlyBars);
    expect(quarter.text("[data-period]")).toMatch(/^This quarter: Q[1-4] \d{4}$/);

    const year = await quarter.click("Year", quarter.one('nav[aria-label="Interval"]'));
    expect(year.param("interval")).toBe("year");
    expect(chart(year).getAttribute("data-buckets")).toBe("5");
    expect(periods(year)).toHaveLength(5);
    for (const p of periods(year)) expect(p).toMatch(/^\d{4}$/);
    const cells = year.$$('[data-widget="new-vs-won"] [data-chart-table] tbody tr td:nth-child(2)').map((c) => norm(c.text));
    const newTotal = cells.reduce((n, c) => n + Number(c.replace(/,/g, "")), 0);
    expect(chart(year).getAttribute("aria-label")).toMatch(new RegExp(`: ${newTotal.toLocaleString("en-GB")} new,`));
  });

  test("an unknown interval falls back to months; the other widgets are there", async () => {
    const page = await admin().goto("/dashboard?interval=fortnight");
    expect(interval(page, "Month").getAttribute("aria-current")).toBe("page");
    expect(chart(page).getAttribute("data-buckets")).toBe("12");
    expect(chart(page, "won-revenue").getAttribute("aria-label")).toMatch(/^Revenue won per month\. .+: £[\d,]+\.\d{2} in all\.$/);
    expect(chart(page, "open-by-stage").getAttribute("role")).toBe("img");
    expect(page.text("[data-kpis]")).toContain("Open tasks");
  });

  test("'My open tasks' lists the user's open tasks, each linking to its task", async () => {
    const page = await admin().goto("/dashboard");
    const widget = page.one('[data-widget="my-open-tasks"]');
    expect(norm(widget.text)).toContain("My open tasks");
    const links = widget.querySelectorAll("[data-my-open-tasks] a");
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(6);
    expect(links[0].getAttribute("href")).toMatch(/^\/tasks\/\d+$/);
    expect(page.link("See all my open tasks", widget).getAttribute("href")).toMatch(/^\/tasks\?filter%5Bteam_member_id%5D=\d+&filter%5Bopen%5D=true$/);
  });
});

test("the header's search opens the results page: a seeded task and an individual, each linking to its page; both boxes keep the words", async () => {
  const { q, task, individual } = await seededMatch();
  const page = await admin().goto("/dashboard");
  const header = page.form(page.control("Search tasks, individuals and companies").closest("form")!);
  const results = await header.fill("Search tasks, individuals and companies", q).submit();
  expect(results.path).toBe("/search");
  expect(results.param("q")).toBe(q);
  expect(results.h1).toBe("Search");
  const tasks = results.one('[data-search-group="tasks"]');
  const people = results.one('[data-search-group="individuals"]');
  expect(norm(tasks.querySelector("h2, h3")?.text)).toMatch(/^Tasks \(\d+\+?\)$/);
  const taskLink = tasks.querySelector(`a[href="/tasks/${task.id}"]`);
  expect(norm(taskLink?.text)).toContain(task.name);
  expect(people.querySelectorAll(`a[href="/individual/${individual.id}"]`)).toHaveLength(1);
  expect(results.$('[data-search-group="companies"]')).not.toBeNull();
  const headerAgain = results.form(results.control("Search tasks, individuals and companies").closest("form")!);
  expect(headerAgain.value("Search tasks, individuals and companies")).toBe(q);
  expect(results.form(results.control("Search for").closest("form")!).value("Search for")).toBe(q);
  const next = await headerAgain.fill("Search tasks, individuals and companies", `${q}zz`).submit();
  expect(next.param("q")).toBe(`${q}zz`);
  expect(next.form(next.control("Search for").closest("form")!).value("Search for")).toBe(`${q}zz`);
});
