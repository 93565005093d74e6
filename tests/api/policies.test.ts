import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POLICY_MESSAGES } from "#contract/policies";
import { notifications, outboxMessages, policies, policyActivity } from "#api/db/schema";
import { policyCoolingOffEnd } from "#api/modules/policies/jobs";
import { endCoolingOff } from "#api/modules/policies/service";
import { enqueue } from "#api/jobs/enqueue";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, makeCompany, makeIndividual } from "../helpers/crm";
import { eventually } from "../helpers/jobs";
import { create as createDocument, item, unique } from "../helpers/sales";

/** /policies through HTTP: access, tenancy, validation, state rules, e-mails once per term, the scheduled cooling-off job. */
let api: TestApi;
let owner: { id: number; token: string; tenantId: number };
let viewer: { token: string };
let other: { token: string; tenantId: number };
let clientId: number;
let clientEmail: string;

beforeAll(async () => {
  api = await createTestApi();
  owner = await emptyTenant(api, ["policy_view", "policy_manage", "invoice_view", "invoice_manage"]);
  viewer = await emptyTenant(api, ["task_view"]);
  other = await emptyTenant(api, ["policy_view", "policy_manage", "invoice_view", "invoice_manage"]);
  clientEmail = `policy.client.${Date.now()}@example.test`;
  clientId = await makeIndividual(api, owner.tenantId, "Polly", unique("Holder"), clientEmail);
});
afterAll(async () => {
  await api?.close();
});

const isoDay = (offsetDays: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
};

const body = (over: Record<string, unknown> = {}) => ({
  number: unique("POL").replace(/\s+/g, "-"),
  product_name: "Commercial Combined",
  class_of_business: "Property",
  insurer: "Aviva",
  main_broker_name: "Harbour Brokers",
  individual_id: clientId,
  premium_pence: 125_000,
  ipt_rate: 12,
  fees_pence: 5_000,
  inception_date: isoDay(-10),
  renewal_date: isoDay(355),
  ...over,
});

async function make(over: Record<string, unknown> = {}, token = owner.token) {
  const res = await api.request("POST", "/policies", { token, body: body(over) });
  if (res.status !== 201) throw new Error(`create policy: ${res.status} ${res.text}`);
  return res.body.data as Record<string, any> & { id: number; number: string };
}

describe("/policies: access", () => {
  it("answers 401 without a token", async () => {
    expect((await api.request("GET", "/policies")).status).toBe(401);
    expect((await api.request("POST", "/policies", { body: body() })).status).toBe(401);
    expect((await api.request("GET", "/policy-cancellation-reason")).status).toBe(401);
  });

  it("answers 403 without policy_view or policy_manage", async () => {
    expect((await api.request("GET", "/policies", { token: viewer.token })).status).toBe(403);
    expect((await api.request("POST", "/policies", { token: viewer.token, body: body() })).status).toBe(403);
    expect((await api.request("GET", "/policy-cancellation-reason", { token: viewer.token })).status).toBe(403);
    expect((await api.request("GET", "/dashboard-stats/policy-overview", { token: viewer.token })).status).toBe(403);
  });

  it("answers 404 for another company's policy on every call, and changes nothing", async () => {
    const p = await make();
    const t = other.token;
    expect((await api.request("GET", `/policies/${p.id}`, { token: t })).status).toBe(404);
    expect(
      (
        await api.request("PUT", `/policies/${p.id}`, {
          token: t,
          body: body({ individual_id: undefined, client_company_id: await makeCompany(api, other.tenantId, "Other Co") }),
        })
      ).status,
    ).toBe(404);
    expect((await api.request("PUT", `/policies/${p.id}/state`, { token: t, body: { state: "BOUND" } })).status).toBe(404);
    expect((await api.request("DELETE", `/policies/${p.id}`, { token: t })).status).toBe(404);
    expect((await api.request("GET", `/policies/${p.id}/invoices`, { token: t })).status).toBe(404);
    expect((await api.request("GET", `/policies/${p.id}/activity`, { token: t })).status).toBe(404);
    expect((await api.request("POST", `/policies/${p.id}/welcome-email`, { token: t })).status).toBe(404);
    expect((await api.request("GET", `/export-zip/invoice/${p.id}`, { token: t })).status).toBe(404);
    expect((await api.request("GET", `/policies/stats/individual/${clientId}`, { token: t })).status).toBe(404);
    const list = await api.request("GET", "/policies", { token: t, query: { filter: { policyNumber: p.number } } });
    expect(list.body.data).toEqual([]);
    const [row] = await api.database.db.select().from(policies).where(eq(policies.id, p.id));
    expect(row.state).toBe("QUOTE");
  });
});

describe("/policies: create, validation, update, delete", () => {
  it("creates a QUOTE with its IPT worked out at the policy's rate, and lists it", async () => {
    const p = await make({ ipt_rate: 20, premium_pence: 100_001 });
    expect(p.state).toBe("QUOTE");
    expect(p.ipt_rate).toBe(20);
    expect(p.ipt_pence).toBe(20_000);
    expect(p.total_pence).toBe(100_001 + 20_000 + 5_000);
    expect(p.client).toMatchObject({ type: "individual", id: clientId, email: clientEmail });
    expect(p.next_states).toEqual(["REFERRED", "DECLINED", "COOLING_OFF", "BOUND", "EXPIRED"]);
    const list = await api.request("GET", "/policies", { token: owner.token, query: { filter: { policyNumber: p.number } } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    expect(list.body.meta.total).toBe(1);
  });

  it("answers 422 with the field errors, and stores nothing", async () => {
    const res = await api.request("POST", "/policies", {
      token: owner.token,
      body: { number: " ", product_name: "", individual_id: clientId, premium_pence: -1, ipt_rate: 15, inception_date: "2026-02-30", renewal_date: "" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.number).toEqual([POLICY_MESSAGES.numberRequired]);
    expect(res.body.errors.product_name).toEqual([POLICY_MESSAGES.productRequired]);
    expect(res.body.errors.premium_pence).toEqual([POLICY_MESSAGES.premium]);
    expect(res.body.errors.ipt_rate).toEqual([POLICY_MESSAGES.iptRate]);
    expect(res.body.errors.inception_date).toBeDefined();
    expect(res.body.errors.renewal_date).toEqual([POLICY_MESSAGES.renewalRequired]);
    const backwards = await api.request("POST", "/policies", { token: owner.token, body: body({ inception_date: "2026-05-01", renewal_date: "2026-04-01" }) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.renewal_date).toEqual([POLICY_MESSAGES.renewalAfterInception]);
    const noClient = await api.request("POST", "/policies", { token: owner.token, body: body({ individual_id: null }) });
    expect(noClient.body.errors.client).toEqual([POLICY_MESSAGES.clientRequired]);
  });

  it("refuses a client of another company and a number used twice", async () => {
    const foreignClient = await makeIndividual(api, other.tenantId, "Fay", "Foreign", "fay@example.test");
    const res = await api.request("POST", "/policies", { token: owner.token, body: body({ individual_id: foreignClient }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.client).toEqual([POLICY_MESSAGES.clientNotFound]);
    const p = await make();
    const twice = await api.request("POST", "/policies", { token: owner.token, body: body({ number: p.number.toLowerCase() }) });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.number).toEqual([POLICY_MESSAGES.numberTaken]);
  });

  it("updates a policy for a company client, records the change, and deletes it", async () => {
    const p = await make();
    const companyId = await makeCompany(api, owner.tenantId, unique("Holder Co"));
    const res = await api.request("PUT", `/policies/${p.id}`, {
      token: owner.token,
      body: body({ number: p.number, individual_id: null, client: `company:${companyId}`, premium_pence: 50_000 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.client).toMatchObject({ type: "company", id: companyId });
    expect(res.body.data.ipt_pence).toBe(6_000);
    const activity = await api.request("GET", `/policies/${p.id}/activity`, { token: owner.token });
    expect(activity.body.data.map((a: { action: string }) => a.action)).toEqual(["updated", "created"]);
    expect(activity.body.data[0].user.id).toBe(owner.id);
    expect((await api.request("DELETE", `/policies/${p.id}`, { token: owner.token })).status).toBe(204);
    expect((await api.request("GET", `/policies/${p.id}`, { token: owner.token })).status).toBe(404);
  });
});

describe("/policies: filters", () => {
  it("filters by number, product, brokerage, client, creation and renewal dates, state, and renewals due", async () => {
    const tag = unique("Filt").replace(/\s+/g, "");
    const person = await makeIndividual(api, owner.tenantId, "Zed", `${tag}Person`, null as unknown as undefined);
    const a = await make({
      number: `${tag}-A`,
      product_name: `${tag} Fleet`,
      main_broker_name: `${tag} Brokers`,
      individual_id: person,
      renewal_date: isoDay(20),
    });
    const b = await make({ number: `${tag}-B`, product_name: `${tag} Cyber`, renewal_date: isoDay(75) });
    await api.request("PUT", `/policies/${a.id}/state`, { token: owner.token, body: { state: "BOUND" } });
    await api.request("PUT", `/policies/${b.id}/state`, { token: owner.token, body: { state: "BOUND" } });
    const ids = async (filter: Record<string, unknown>) =>
      (await api.request("GET", "/policies", { token: owner.token, query: { filter: { policyNumber: tag, ...filter }, sort: "number" } })).body.data.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids({})).toEqual([a.id, b.id]);
    expect(await ids({ productName: "cyber" })).toEqual([b.id]);
    expect(await ids({ mainBrokerName: `${tag} brokers` })).toEqual([a.id]);
    expect(await ids({ client_name: `${tag}Person` })).toEqual([a.id]);
    expect(await ids({ renewalDate: { from: isoDay(60), to: isoDay(90) } })).toEqual([b.id]);
    expect(await ids({ creationDate: { from: isoDay(-1), to: isoDay(1) } })).toEqual([a.id, b.id]);
    expect(await ids({ creationDate: { to: isoDay(-2) } })).toEqual([]);
    expect(await ids({ state: "BOUND" })).toEqual([a.id, b.id]);
    expect(await ids({ state: "QUOTE" })).toEqual([]);
    expect(await ids({ renewal_due: "30" })).toEqual([a.id]);
    expect(await ids({ renewal_due: "90" })).toEqual([a.id, b.id]);
    const sorted = await api.request("GET", "/policies", { token: owner.token, query: { filter: { policyNumber: tag }, sort: "-renewal_date" } });
    expect(sorted.body.data.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
  });
});

describe("/policies: state rules", () => {
  it("follows the transition table, refuses the rest with the reason, and records who changed what", async () => {
    const p = await make();
    const to = (state: string, extra: Record<string, unknown> = {}) =>
      api.request("PUT", `/policies/${p.id}/state`, { token: owner.token, body: { state, ...extra } });
    expect((await to("BOUND")).status).toBe(200);
    const back = await to("QUOTE");
    expect(back.status).toBe(422);
    expect(back.body.errors.state).toEqual([POLICY_MESSAGES.transition("Bound", "Quote")]);
    expect((await to("BOUND")).body.errors.state).toEqual([POLICY_MESSAGES.sameState]);
    const noReason = await to("CANCELLED");
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.cancellation_reason).toEqual([POLICY_MESSAGES.cancellationReasonRequired]);
    expect((await to("CANCELLED", { cancellation_reason: "made_up" })).status).toBe(422);
    const cancelled = await to("CANCELLED", { cancellation_reason: "non_payment" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: "CANCELLED", cancellation_reason: "non_payment", next_states: [] });
    expect((await to("BOUND")).status).toBe(422);
    const activity = (await api.request("GET", `/policies/${p.id}/activity`, { token: owner.token })).body.data;
    expect(activity.filter((a: { action: string }) => a.action === "state_changed").map((a: any) => [a.from_state, a.to_state, a.user.id])).toEqual([
      ["BOUND", "CANCELLED", owner.id],
      ["QUOTE", "BOUND", owner.id],
    ]);
  });

  it("renews a policy into its next term", async () => {
    const p = await make({ inception_date: "2025-03-01", renewal_date: "2026-03-01" });
    for (const state of ["BOUND", "RENEWAL", "BOUND"])
      expect((await api.request("PUT", `/policies/${p.id}/state`, { token: owner.token, body: { state } })).status).toBe(200);
    const now = (await api.request("GET", `/policies/${p.id}`, { token: owner.token })).body.data;
    expect([now.inception_date, now.renewal_date]).toEqual(["2026-03-01", "2027-03-01"]);
  });

  it("lists the cancellation reasons", async () => {
    const res = await api.request("GET", "/policy-cancellation-reason", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ id: "non_payment", name: "Non-payment of premium" });
  });
});

describe("/policies: cooling off ends by the scheduled job", () => {
  it("makes COOLING_OFF policies BOUND 14 days after inception, not before, recorded as the system's", async () => {
    const over = await make({ state: "COOLING_OFF", inception_date: isoDay(-15) });
    const edge = await make({ state: "COOLING_OFF", inception_date: isoDay(-14) });
    const young = await make({ state: "COOLING_OFF", inception_date: isoDay(-13) });
    expect(await endCoolingOff(api.database)).toBeGreaterThanOrEqual(2);
    const state = async (id: number) => (await api.database.db.select({ s: policies.state }).from(policies).where(eq(policies.id, id)))[0].s;
    expect([await state(over.id), await state(edge.id), await state(young.id)]).toEqual(["BOUND", "BOUND", "COOLING_OFF"]);
    const [change] = await api.database.db
      .select()
      .from(policyActivity)
      .where(and(eq(policyActivity.policyId, over.id), eq(policyActivity.action, "state_changed")));
    expect(change).toMatchObject({ fromState: "COOLING_OFF", toState: "BOUND", userId: null });
    expect(await endCoolingOff(api.database, isoDay(0))).toBe(0);
  });

  it("is scheduled with the worker, and runs through the job runner", async () => {
    const p = await make({ state: "COOLING_OFF", inception_date: isoDay(-30) });
    await api.app.jobs.startWorker({ pollSeconds: 0.5 });
    try {
      const schedules = await api.database.raw("select name, cron, timezone from pgboss.schedule");
      expect(schedules.rows).toContainEqual({ name: policyCoolingOffEnd.name, cron: "0 * * * *", timezone: "Europe/London" });
      await enqueue(api.database.db, policyCoolingOffEnd, {}, { tenantId: null });
      await eventually(
        async () => {
          const [row] = await api.database.db.select({ s: policies.state }).from(policies).where(eq(policies.id, p.id));
          return row.s === "BOUND" ? true : undefined;
        },
        15_000,
        "the cooling-off job",
      );
    } finally {
      await api.app.jobs.stopWorker(5);
    }
  });
});

describe("/policies: welcome and renewal e-mails", () => {
  it("sends each once per policy term even when asked twice, through the outbox", async () => {
    const p = await make();
    const sent = async (kind: string) => api.request("POST", `/policies/${p.id}/${kind}-email`, { token: owner.token });
    const first = await sent("welcome");
    expect(first.status).toBe(200);
    expect(first.body.sent).toBe(true);
    const again = await sent("welcome");
    expect(again.body).toEqual({ sent: false, message: POLICY_MESSAGES.welcomeAlreadySent });
    expect((await sent("renewal")).body.sent).toBe(true);
    expect((await sent("renewal")).body.sent).toBe(false);
    const mails = await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, clientEmail));
    const forPolicy = mails.filter((m) => m.subject.includes(p.number));
    expect(forPolicy).toHaveLength(2);
    expect(forPolicy.some((m) => m.subject.startsWith("Welcome"))).toBe(true);
    const detail = (await api.request("GET", `/policies/${p.id}`, { token: owner.token })).body.data;
    expect(detail.welcome_email_sent_at).not.toBeNull();
    expect(detail.renewal_email_sent_at).not.toBeNull();
    // A new term (renewed) may have its renewal e-mail again.
    for (const state of ["BOUND", "RENEWAL", "BOUND"]) await api.request("PUT", `/policies/${p.id}/state`, { token: owner.token, body: { state } });
    expect((await sent("renewal")).body.sent).toBe(true);
  });

  it("answers 422 when the client has no e-mail address", async () => {
    const person = await makeIndividual(api, owner.tenantId, "No", unique("Mail"));
    const p = await make({ individual_id: person });
    const res = await api.request("POST", `/policies/${p.id}/welcome-email`, { token: owner.token });
    expect(res.status).toBe(422);
    expect(res.body.errors.client).toEqual([POLICY_MESSAGES.noEmail]);
  });

  it("sends the renewal e-mails of many policies as a job, and tells the user how many were sent", async () => {
    const a = await make();
    const b = await make();
    await api.request("POST", `/policies/${a.id}/renewal-email`, { token: owner.token });
    const res = await api.request("POST", "/policies/renewal-emails", { token: owner.token, body: { ids: [a.id, b.id] } });
    expect(res.status).toBe(202);
    expect(res.body.data.job_id).toBeTruthy();
    await api.app.jobs.startWorker({ pollSeconds: 0.5 });
    try {
      const note = await eventually(
        async () => {
          const rows = await api.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
          return rows.find((n) => n.data.title.startsWith("Renewal e-mails"));
        },
        15_000,
        "the renewal e-mails job",
      );
      expect(note.data.title).toBe("Renewal e-mails: 1 sent");
      expect(note.data.desc).toBe("Of 2 policies: 1 sent, 1 already sent this term.");
    } finally {
      await api.app.jobs.stopWorker(5);
    }
  });
});

describe("/policies: linked invoices and their ZIP", () => {
  it("links and unlinks an invoice of the company, refuses another company's, and zips the PDFs", async () => {
    const p = await make();
    const invoice = await createDocument(api, owner.token, "/simple-invoices", { individual_id: clientId, issue_date: isoDay(0), items: [item()] });
    const linked = await api.request("PUT", `/policies/${p.id}/invoices/${invoice.id}`, { token: owner.token });
    expect(linked.status).toBe(200);
    expect(linked.body.data.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    expect((await api.request("PUT", `/policies/${p.id}/invoices/${invoice.id}`, { token: owner.token })).status).toBe(200);
    const second = await make();
    const taken = await api.request("PUT", `/policies/${second.id}/invoices/${invoice.id}`, { token: owner.token });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.invoice).toEqual([POLICY_MESSAGES.invoiceTaken]);
    // Another company's invoice, and another company's policy: 404, nothing linked.
    const otherClient = await makeIndividual(api, other.tenantId, "Ola", "Other", "ola@example.test");
    const foreignInvoice = await createDocument(api, other.token, "/simple-invoices", { individual_id: otherClient, issue_date: isoDay(0), items: [item()] });
    expect((await api.request("PUT", `/policies/${p.id}/invoices/${foreignInvoice.id}`, { token: owner.token })).status).toBe(404);
    expect((await api.request("PUT", `/policies/${p.id}/invoices/${invoice.id}`, { token: other.token })).status).toBe(404);
    expect((await api.request("GET", `/policies/${p.id}/invoices`, { token: owner.token })).body.data).toHaveLength(1);

    const zip = await api.app.inject({ method: "GET", url: `/export-zip/invoice/${p.id}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const bytes = zip.rawPayload;
    expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
    expect(bytes.includes(Buffer.from(".pdf"))).toBe(true);

    expect((await api.request("DELETE", `/policies/${p.id}/invoices/${invoice.id}`, { token: owner.token })).status).toBe(204);
    expect((await api.request("GET", `/policies/${p.id}/invoices`, { token: owner.token })).body.data).toEqual([]);
    const actions = (await api.request("GET", `/policies/${p.id}/activity`, { token: owner.token })).body.data.map((a: { action: string }) => a.action);
    expect(actions.slice(0, 2)).toEqual(["invoice_unlinked", "invoice_linked"]);
  });
});

describe("/policies: stats", () => {
  it("answers an individual's policies and the dashboard's overview", async () => {
    const person = await makeIndividual(api, owner.tenantId, "Stat", unique("Person"), "stat@example.test");
    const a = await make({ individual_id: person, premium_pence: 10_000, renewal_date: isoDay(40) });
    await make({ individual_id: person });
    await api.request("PUT", `/policies/${a.id}/state`, { token: owner.token, body: { state: "BOUND" } });
    const stats = await api.request("GET", `/policies/stats/individual/${person}`, { token: owner.token });
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({ total: 2, live: 1, live_premium_pence: 10_000, next_renewal_date: isoDay(40) });
    expect(stats.body.data.by_state).toMatchObject({ BOUND: 1, QUOTE: 1 });
    const overview = await api.request("GET", "/dashboard-stats/policy-overview", { token: owner.token, query: { interval: "month" } });
    expect(overview.status).toBe(200);
    expect(overview.body.data.live).toBeGreaterThanOrEqual(1);
    expect(overview.body.data.written_in_interval).toBeGreaterThanOrEqual(2);
  });
});
