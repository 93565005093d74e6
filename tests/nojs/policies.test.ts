import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken, type NojsPage } from "./harness";

/**
 * Policies without JavaScript: the seven filters in the URL, the renewals-due views, an old JSON-sort link, the
 * add form, a status change, a welcome e-mail, and an invoice linked and unlinked from the detail page.
 */
let api: Awaited<ReturnType<typeof apiAs>>;
let clientId: number;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
  const people = await api.call<{ data: { id: number; email: string | null }[] }>("GET", "/individual?page[size]=50&sort=full_name");
  clientId = people.data.find((p) => p.email)!.id;
});

const admin = () => NojsBrowser.as("admin");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Made {
  id: number;
  number: string;
}
async function makePolicy(over: Record<string, unknown>): Promise<Made> {
  const res = await api.call<{ data: Made }>(
    "POST",
    "/policies",
    {
      product_name: "Nojs Cover",
      individual_id: clientId,
      premium_pence: 120_000,
      ipt_rate: 12,
      inception_date: day(-30),
      renewal_date: day(335),
      ...over,
    },
    201,
  );
  return res.data;
}

const filterForm = (page: NojsPage) => page.form(page.control("Policy number").closest("form")!);
const numbers = (page: NojsPage) => page.rows().map((r) => r.querySelector("a[href^='/policies/']")?.text.trim() ?? "");

describe("Policies", () => {
  test("the seven filters narrow the list through its URL", async () => {
    const token = uniqueToken();
    const a = await makePolicy({
      number: `${token}-A`,
      product_name: `Fleet ${token}`,
      main_broker_name: `Broker ${token}`,
      state: "BOUND",
      renewal_date: day(20),
    });
    const b = await makePolicy({ number: `${token}-B`, product_name: `Cyber ${token}`, renewal_date: day(80) });
    const list = await admin().goto(`/policies?filter[policyNumber]=${token}&sort=number`);
    expect(list.h1).toBe("Policies");
    expect(numbers(list)).toEqual([a.number, b.number]);

    const byProduct = await filterForm(list).fill("Product name", `cyber ${token}`).submit("Apply");
    expect(byProduct.param("filter[productName]")).toBe(`cyber ${token}`);
    expect(byProduct.param("filter[policyNumber]")).toBe(token);
    expect(numbers(byProduct)).toEqual([b.number]);

    const byBroker = await admin().goto(`/policies?filter[mainBrokerName]=Broker%20${token}`);
    expect(numbers(byBroker)).toEqual([a.number]);
    const byStatus = await filterForm(byBroker)
      .fill("filter[mainBrokerName]", "")
      .fill("filter[policyNumber]", token)
      .select("Status", "QUOTE")
      .submit("Apply");
    expect(byStatus.param("filter[state]")).toBe("QUOTE");
    expect(numbers(byStatus)).toEqual([b.number]);
    const byRenewal = await admin().goto(`/policies?filter[policyNumber]=${token}&filter[renewalDate][from]=${day(60)}&filter[renewalDate][to]=${day(90)}`);
    expect(numbers(byRenewal)).toEqual([b.number]);
    const byCreation = await admin().goto(`/policies?filter[policyNumber]=${token}&filter[creationDate][to]=${day(-3)}`);
    expect(byCreation.text()).toContain("No policies found");
    const byClient = await admin().goto(`/policies?filter[policyNumber]=${token}&filter[client_name]=NobodyCalled${token}`);
    expect(byClient.text()).toContain("No policies found");
  });

  test("the renewals-due views are addresses; an old link with the JSON sort opens the list at its canonical address", async () => {
    const token = uniqueToken();
    const soon = await makePolicy({ number: `${token}-S`, state: "BOUND", renewal_date: day(10) });
    const later = await makePolicy({ number: `${token}-L`, state: "BOUND", renewal_date: day(50) });
    const list = await admin().goto(`/policies?filter[policyNumber]=${token}`);
    const due30 = await list.click("Next 30 days");
    expect(due30.param("filter[renewal_due]")).toBe("30");
    expect(due30.param("sort")).toBe("renewal_date");
    const due60 = await admin().goto(`/policies?filter[renewal_due]=60&filter[policyNumber]=${token}&sort=renewal_date`);
    expect(numbers(due60)).toEqual([soon.number, later.number]);
    const due30only = await admin().goto(`/policies?filter[renewal_due]=30&filter[policyNumber]=${token}`);
    expect(numbers(due30only)).toEqual([soon.number]);

    const old = await admin().goto(
      `/policies?filter[policyNumber]=${token}&sort=${encodeURIComponent(JSON.stringify({ field: "renewalDate", direction: "desc" }))}`,
    );
    expect(old.path).toBe("/policies");
    expect(old.param("sort")).toBe("-renewal_date");
    expect(numbers(old)).toEqual([later.number, soon.number]);
    const tanstack = await admin().goto(`/policies?filter[policyNumber]=${token}&sort=${encodeURIComponent('[{"id":"policyNumber","desc":false}]')}`);
    expect(tanstack.param("sort")).toBe("number");
    expect(numbers(tanstack)).toEqual([later.number, soon.number]);

    // Send the renewal e-mails of the 30-day view: a confirmation, then a job.
    const ask = await due30only.click("Send renewal e-mails to all of them");
    expect(ask.text("[data-confirm]")).toContain("renewing in the next 30 days");
    const sent = await ask.form({ button: "Send", within: ask.confirmation() }).submit("Send");
    expect(sent.toasts()).toContain("The renewal e-mails are being sent. A notification will tell you how many were sent.");
    expect(sent.param("filter[renewal_due]")).toBe("30");
  });

  test("ADD POLICY refuses a blank number under its field, keeps what was typed, and saves to the policy's page", async () => {
    const token = uniqueToken();
    const list = await admin().goto(`/policies?filter[policyNumber]=${token}`);
    const add = await list.click("ADD POLICY");
    expect(add.path).toBe("/policies/new");
    const form = add.form(add.drawer()!.querySelector("form")!);
    const refused = await form
      .fill("Product name", `Kept ${token}`)
      .select("Client", `individual:${clientId}`)
      .fill("Premium (£)", "1,250.00")
      .fill("Inception date", day(1))
      .fill("Renewal date", day(366))
      .submit("Save");
    expect(refused.fieldError("Policy number", refused.drawer()!)).toBe("Enter the policy number.");
    expect(refused.form(refused.drawer()!.querySelector("form")!).value("Product name")).toBe(`Kept ${token}`);
    const saved = await refused.form(refused.drawer()!.querySelector("form")!).fill("Policy number", `${token}-N`).submit("Save");
    expect(saved.toasts()).toContain("Policy created.");
    expect(saved.h1).toBe(`Policy ${token}-N`);
    expect(saved.text()).toContain("£1,250.00");
    expect(saved.text()).toContain("£150.00");
  });

  test("the detail page changes the status by the allowed transitions only, and records it", async () => {
    const token = uniqueToken();
    const p = await makePolicy({ number: `${token}-T` });
    const page = await admin().goto(`/policies/${p.id}`);
    const statusForm = page.form({ button: "Change status" });
    const options = [...statusForm.control("New status").querySelectorAll("option")].map((o) => o.getAttribute("value")).filter(Boolean);
    expect(options).toEqual(["REFERRED", "DECLINED", "COOLING_OFF", "BOUND", "EXPIRED"]);
    const bound = await statusForm.select("New status", "BOUND").submit("Change status");
    expect(bound.toasts()).toContain("The policy is now Bound.");
    expect(bound.text("#policy-activity")).toBe("Activity");
    expect(bound.text()).toContain("Quote → Bound");
    const next = [...bound.form({ button: "Change status" }).control("New status").querySelectorAll("option")]
      .map((o) => o.getAttribute("value"))
      .filter(Boolean);
    expect(next).not.toContain("QUOTE");
    // A change the table does not allow, sent by hand, is refused and changes nothing.
    const forged = await bound.form({ button: "Change status" }).select("New status", "CANCELLED").submit("Change status");
    expect(forged.toasts()).toContain("Choose the cancellation reason.");
    const cancelled = await forged
      .form({ button: "Change status" })
      .select("New status", "CANCELLED")
      .select("Cancellation reason (when cancelling)", "client_request")
      .submit("Change status");
    expect(cancelled.toasts()).toContain("The policy is now Cancelled.");
    expect(cancelled.text()).toContain("Client request");
    expect(cancelled.text()).toContain("does not change status any more");
  });

  test("the welcome e-mail goes once per term; an invoice is linked, then unlinked after a confirmation", async () => {
    const token = uniqueToken();
    const p = await makePolicy({ number: `${token}-I` });
    const invoice = await api.call<{ data: { id: number } }>(
      "POST",
      "/simple-invoices",
      { individual_id: clientId, issue_date: day(0), items: [{ description: `Fee ${token}`, quantity: "1", unit_price_pence: 5000, vat_rate: 20 }] },
      201,
    );
    const page = await admin().goto(`/policies/${p.id}`);
    const welcomed = await page.form({ button: "Send welcome e-mail" }).submit("Send welcome e-mail");
    expect(welcomed.toasts().join(" ")).toMatch(/The welcome e-mail was sent to/);
    expect(welcomed.text()).toMatch(/Sent .* for this term/);

    const linkForm = welcomed.form({ button: "Link invoice" });
    const linked = await linkForm.select("Link an invoice", String(invoice.data.id)).submit("Link invoice");
    expect(linked.toasts()).toContain("Invoice linked.");
    expect(linked.text("#policy-invoices")).toBe("Linked invoices");
    expect(linked.links("Download PDFs (ZIP)")).toHaveLength(1);
    const unlink = linked.links(/^Unlink invoice/);
    expect(unlink).toHaveLength(1);
    const ask = await linked.click(/^Unlink invoice/);
    expect(ask.text("[data-confirm]")).toContain("The invoice itself is kept.");
    const done = await ask.form({ button: "Unlink", within: ask.confirmation() }).submit("Unlink");
    expect(done.toasts()).toContain("Invoice unlinked.");
    expect(done.text()).toContain("No invoices are linked to this policy.");
  });
});

describe("Policies elsewhere", () => {
  test("the dashboard shows the insurance overview, and the individual's page their policies", async () => {
    const token = uniqueToken();
    await makePolicy({ number: `${token}-D`, state: "BOUND", renewal_date: day(12) });
    const dashboard = await admin().goto("/dashboard");
    expect(dashboard.text("[data-policy-overview]")).toContain("Insurance overview");
    expect(dashboard.text("[data-policy-overview]")).toContain("Renewals in the next 30 days");
    const person = await admin().goto(`/individual/${clientId}`);
    const box = person.text("[data-individual-policies]");
    expect(box).toContain("Policies");
    expect(box).toMatch(/\d+ live \(£[\d,.]+ premium\)/);
  });
});
