import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, terminalReaderKeys, users } from "#api/db/schema";
import { terminalFor, type SandboxTerminal } from "#api/integrations/payments";
import { hashPassword } from "#api/lib/passwords";
import type { Permission } from "#contract/permissions";
import { TERMINAL_MESSAGES as M, TERMINAL_PIN_MAX_FAILURES } from "#contract/terminal-constants";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant } from "../helpers/crm";
import { companyWithClient, create, item, rowOf } from "../helpers/sales";

let api: TestApi;
const ALL: Permission[] = ["terminal_view", "terminal_manage", "terminal_request", "payment_view", "payment_manage", "invoice_view", "invoice_manage"];
const PIN = "2468";

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

let n = 0;
const key = () => `terminal-key-${Date.now()}-${++n}`;
const sandbox = () => terminalFor(api.database, api.config) as SandboxTerminal;
const LOCATION = { display_name: "High Street shop", line1: "1 High Street", city: "Bristol", postal_code: "bs1 4dj" };

async function withPin(userId: number, pin: string | null = PIN, allowed = true) {
  await api.database.db
    .update(users)
    .set({ pinIsAllowed: allowed, pinHash: pin ? await hashPassword(pin) : null })
    .where(eq(users.id, userId));
}

/** A tenant with a location, a simulated reader, and a user with a PIN, unlocked. */
async function shop(perms: Permission[] = ALL) {
  const me = await companyWithClient(api, perms);
  await withPin(me.id);
  const loc = await api.request("POST", "/terminal-app/locations", { token: me.token, body: { ...LOCATION, display_name: `Shop ${++n}` } });
  expect(loc.status, loc.text).toBe(201);
  const reader = await api.request("POST", "/terminal-app/readers", {
    token: me.token,
    body: { location_id: loc.body.data.id, label: "Till 1", registration_code: "simulated-wpe" },
  });
  expect(reader.status, reader.text).toBe(201);
  const unlock = await api.request("POST", "/terminal-app/unlock", { token: me.token, body: { pin: PIN } });
  expect(unlock.status, unlock.text).toBe(200);
  return { ...me, locationId: loc.body.data.id as number, readerId: reader.body.data.id as number, unlock: unlock.body.data.unlock_token as string };
}

type Shop = Awaited<ReturnType<typeof shop>>;

async function start(s: Shop, body: Record<string, unknown>) {
  return api.request("POST", "/terminal-app/payments", {
    token: s.token,
    body: { reader_id: s.readerId, idempotency_key: key(), unlock_token: s.unlock, ...body },
  });
}

const present = (s: Shop, id: number, number: string) => api.request("POST", `/terminal-app/payments/${id}/present-card`, { token: s.token, body: { number } });

describe("terminal app: access", () => {
  it("401 without a token, 403 without a terminal permission, view-only cannot change or take payments", async () => {
    expect((await api.request("GET", "/terminal-app/locations")).status).toBe(401);
    const none = await emptyTenant(api, ["payment_view"]);
    expect((await api.request("GET", "/terminal-app/locations", { token: none.token })).status).toBe(403);
    const viewer = await emptyTenant(api, ["terminal_view"]);
    expect((await api.request("GET", "/terminal-app/readers", { token: viewer.token })).status).toBe(200);
    const create = await api.request("POST", "/terminal-app/locations", { token: viewer.token, body: LOCATION });
    expect(create.status).toBe(403);
    expect(create.body.message).toBeTruthy();
    expect((await api.request("POST", "/terminal-app/unlock", { token: viewer.token, body: { pin: PIN } })).status).toBe(403);
    // terminal_request takes payments but does not change locations.
    const cashier = await emptyTenant(api, ["terminal_request"]);
    expect((await api.request("POST", "/terminal-app/locations", { token: cashier.token, body: LOCATION })).status).toBe(403);
    expect((await api.request("GET", "/terminal-app/pin", { token: cashier.token })).status).toBe(200);
  });

  it("another company's location, key, reader and payment are not found", async () => {
    const a = await shop();
    const b = await shop();
    const k = await api.request("POST", "/terminal-app/reader-keys", {
      token: a.token,
      body: { location_id: a.locationId, reader_name: "Front till", password: "secret-pass", confirm_password: "secret-pass" },
    });
    const p = await start(a, { amount_pence: 1250 });
    for (const path of [
      `/terminal-app/locations/${a.locationId}`,
      `/terminal-app/readers/${a.readerId}`,
      `/terminal-app/reader-keys/${k.body.data.id}`,
      `/terminal-app/payments/${p.body.data.id}`,
    ]) {
      expect((await api.request("GET", path, { token: b.token })).status, path).toBe(404);
      const del = await api.request(path.includes("payments") ? "PUT" : "DELETE", path.includes("payments") ? `${path}/cancel` : path, { token: b.token });
      expect(del.status, path).toBe(404);
    }
    // B's payment on A's reader: the reader is not B's.
    const cross = await start({ ...b, readerId: a.readerId }, { amount_pence: 500 });
    expect(cross.status).toBe(422);
    expect(cross.body.errors.reader_id).toEqual([M.reader]);
  });
});

describe("terminal app: locations, reader keys, readers", () => {
  it("creates, lists, edits and deletes a location; bad input is 422 with errors", async () => {
    const me = await companyWithClient(api, ALL);
    const bad = await api.request("POST", "/terminal-app/locations", { token: me.token, body: { display_name: "", postal_code: "nope" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ display_name: [M.displayName], line1: [M.line1], city: [M.city], postal_code: [M.postalCode] });
    const made = await api.request("POST", "/terminal-app/locations", { token: me.token, body: LOCATION });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ display_name: "High Street shop", postal_code: "BS1 4DJ", country: "GB", readers_count: 0 });
    expect(made.body.data.provider_location_id).toMatch(/^tml_sbx_/);
    const twice = await api.request("POST", "/terminal-app/locations", { token: me.token, body: { ...LOCATION, display_name: "high street SHOP" } });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.display_name).toEqual([M.displayNameTaken]);
    const edited = await api.request("PUT", `/terminal-app/locations/${made.body.data.id}`, { token: me.token, body: { ...LOCATION, city: "Bath" } });
    expect(edited.body.data.city).toBe("Bath");
    const list = await api.request("GET", "/terminal-app/locations", { token: me.token, query: { sort: "-city" } });
    expect(list.body.data.map((l: { city: string }) => l.city)).toEqual(["Bath"]);
    expect((await api.request("GET", "/terminal-app/locations", { token: me.token, query: { sort: "nope" } })).status).toBe(422);
    expect((await api.request("DELETE", `/terminal-app/locations/${made.body.data.id}`, { token: me.token })).status).toBe(204);
    expect((await api.request("GET", `/terminal-app/locations/${made.body.data.id}`, { token: me.token })).status).toBe(404);
  });

  it("a reader key: passwords that differ are a field error; the password is kept hashed", async () => {
    const s = await shop();
    const differ = await api.request("POST", "/terminal-app/reader-keys", {
      token: s.token,
      body: { location_id: s.locationId, reader_name: "Front till", password: "secret-pass", confirm_password: "secret-pasS" },
    });
    expect(differ.status).toBe(422);
    expect(differ.body.errors).toEqual({ confirm_password: [M.passwordsDiffer] });
    const short = await api.request("POST", "/terminal-app/reader-keys", {
      token: s.token,
      body: { location_id: 999999, reader_name: "", password: "x", confirm_password: "x" },
    });
    expect(short.body.errors).toMatchObject({ reader_name: [M.readerName], password: [M.password] });
    const made = await api.request("POST", "/terminal-app/reader-keys", {
      token: s.token,
      body: { location_id: s.locationId, reader_name: "Front till", password: "secret-pass", confirm_password: "secret-pass" },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ reader_name: "Front till", location: { id: s.locationId } });
    expect(JSON.stringify(made.body)).not.toContain("secret-pass");
    const [row] = await api.database.db.select().from(terminalReaderKeys).where(eq(terminalReaderKeys.id, made.body.data.id));
    expect(row.passwordHash).toMatch(/^\$argon2/);
    // An edit without a password keeps it.
    const edited = await api.request("PUT", `/terminal-app/reader-keys/${made.body.data.id}`, {
      token: s.token,
      body: { location_id: s.locationId, reader_name: "Back till", password: "", confirm_password: "" },
    });
    expect(edited.body.data.reader_name).toBe("Back till");
    const [after] = await api.database.db.select().from(terminalReaderKeys).where(eq(terminalReaderKeys.id, made.body.data.id));
    expect(after.passwordHash).toBe(row.passwordHash);
    expect((await api.request("DELETE", `/terminal-app/reader-keys/${made.body.data.id}`, { token: s.token })).status).toBe(204);
  });

  it("registers simulated readers; a wrong code is refused; a location with readers is kept", async () => {
    const s = await shop();
    const wrong = await api.request("POST", "/terminal-app/readers", {
      token: s.token,
      body: { location_id: s.locationId, label: "X", registration_code: "abc-def" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.registration_code[0]).toContain("simulated-wpe");
    const list = await api.request("GET", "/terminal-app/readers", { token: s.token, query: { filter: { location_id: String(s.locationId) } } });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ label: "Till 1", device_type: "simulated_wisepos_e", simulated: true });
    const keep = await api.request("DELETE", `/terminal-app/locations/${s.locationId}`, { token: s.token });
    expect(keep.status).toBe(422);
    expect(keep.body.errors.location).toEqual([M.locationInUse]);
    const token = await api.request("POST", "/terminal-app/connection-token", { token: s.token, body: { location_id: s.locationId } });
    expect(token.body.data.secret).toMatch(/^pst_test_/);
    expect((await api.request("DELETE", `/terminal-app/readers/${s.readerId}`, { token: s.token })).status).toBe(204);
  });
});

describe("terminal app: the PIN gate", () => {
  it("no PIN allowed, no PIN set, a wrong PIN, throttling; a payment needs the unlock", async () => {
    const me = await companyWithClient(api, ALL);
    await withPin(me.id, null, false);
    expect((await api.request("GET", "/terminal-app/pin", { token: me.token })).body.data).toMatchObject({ pin_is_allowed: false, has_pin: false });
    const notAllowed = await api.request("POST", "/terminal-app/unlock", { token: me.token, body: { pin: PIN } });
    expect(notAllowed.status).toBe(422);
    expect(notAllowed.body.errors.pin).toEqual([M.pinNotAllowed]);
    await withPin(me.id, null, true);
    expect((await api.request("POST", "/terminal-app/unlock", { token: me.token, body: { pin: PIN } })).body.errors.pin).toEqual([M.pinNotSet]);
    await withPin(me.id);
    for (let i = 0; i < TERMINAL_PIN_MAX_FAILURES; i++) {
      const wrong = await api.request("POST", "/terminal-app/unlock", { token: me.token, body: { pin: "1111" } });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.pin).toEqual([M.pinWrong]);
    }
    const throttled = await api.request("POST", "/terminal-app/unlock", { token: me.token, body: { pin: PIN } });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toBe(M.pinThrottled);

    const s = await shop();
    const locked = await start({ ...s, unlock: "not-a-token" }, { amount_pence: 1000 });
    expect(locked.status).toBe(423);
    expect(locked.body.errors.pin).toEqual([M.locked]);
  });
});

describe("terminal app: in-person payments", () => {
  it("approved: waits for a card, the test card approves it; recorded in transactions as card_present and refunded there", async () => {
    const s = await shop();
    const started = await start(s, { amount_pence: 1250, description: "Cake order" });
    expect(started.status, started.text).toBe(201);
    expect(started.body.data).toMatchObject({ status: "waiting", amount_pence: 1250, payment_id: null, sandbox: true, reader: { id: s.readerId } });
    const id = started.body.data.id;
    expect((await api.request("GET", `/terminal-app/payments/${id}`, { token: s.token })).body.data.status).toBe("waiting");
    const approved = await present(s, id, "4242 4242 4242 4242");
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ status: "approved", status_label: "Approved" });
    const paymentId = approved.body.data.payment_id;
    const p = await api.request("GET", `/payment/${paymentId}`, { token: s.token });
    expect(p.body.data).toMatchObject({
      method: "card_present",
      status: "succeeded",
      amount_pence: 1250,
      card: { brand: "visa", last4: "4242" },
      description: "Cake order",
    });
    const cancel = await api.request("PUT", `/terminal-app/payments/${id}/cancel`, { token: s.token });
    expect(cancel.status).toBe(422);
    expect(cancel.body.errors.payment).toEqual([M.alreadyApproved]);
    const refund = await api.request("PUT", `/payment/${paymentId}/refund`, { token: s.token, body: { idempotency_key: key() } });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.data).toMatchObject({ status: "refunded", refunded_pence: 1250 });
  });

  it("declined with the card's reason: a failed payment; a sent invoice taken on the reader is marked paid", async () => {
    const s = await shop();
    const started = await start(s, { amount_pence: 900 });
    const declined = await present(s, started.body.data.id, "4000000000009995");
    expect(declined.body.data).toMatchObject({ status: "declined", failure: { code: "insufficient_funds", message: "Your card has insufficient funds." } });
    const failed = await api.request("GET", `/payment/${declined.body.data.payment_id}`, { token: s.token });
    expect(failed.body.data).toMatchObject({ status: "failed", method: "card_present", can_refund: false });
    expect((await present(s, started.body.data.id, "4242424242424242")).body.errors.number).toEqual([M.notWaiting]);

    const inv = await create(api, s.token, "/simple-invoices", { individual_id: s.client.id, items: [item()] });
    expect((await api.request("POST", `/simple-invoices/${inv.id}/mark-as-sent`, { token: s.token })).status).toBe(200);
    const invoices = await api.request("GET", "/terminal-app/invoices", { token: s.token });
    expect(invoices.body.data.map((i: { id: number }) => i.id)).toContain(inv.id);
    const forInvoice = await start(s, { invoice_id: inv.id });
    expect(forInvoice.body.data).toMatchObject({ amount_pence: 12000, invoice: { id: inv.id } });
    const paid = await present(s, forInvoice.body.data.id, "5555555555554444");
    expect(paid.body.data.status).toBe("approved");
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "paid", paymentMethod: "card" });
    const again = await start(s, { invoice_id: inv.id });
    expect(again.status).toBe(422);
    expect(again.body.errors.invoice_id).toEqual([M.invoice]);
  });

  it("cancelled on the reader before a card; amount checks", async () => {
    const s = await shop();
    expect((await start(s, { amount_pence: 10 })).body.errors.amount_pence).toEqual([M.amountMin]);
    expect((await start(s, {})).body.errors.amount_pence).toEqual([M.amountOrInvoice]);
    expect((await start(s, { amount_pence: "12.5" })).body.data.amount_pence).toBe(1250);
    // The reader is now busy with that payment: another one is refused.
    const busy = await start(s, { amount_pence: 700 });
    expect(busy.status).toBe(422);
    expect(busy.body.errors.reader_id).toEqual([M.readerBusy]);
    const list = await api.request("GET", "/payment", { token: s.token });
    expect(list.body.data).toHaveLength(0);
    const waiting = (await api.database.db.execute(
      sql.raw(`select id from terminal_payments where tenant_id = ${s.tenantId} and status = 'waiting'`),
    )) as unknown as { rows: { id: number }[] };
    const id = waiting.rows[0].id;
    const cancelled = await api.request("PUT", `/terminal-app/payments/${id}/cancel`, { token: s.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled");
    expect((await present(s, id, "4242424242424242")).status).toBe(422);
    // The reader is free again.
    expect((await start(s, { amount_pence: 700 })).body.data.status).toBe("waiting");
  });

  it("the provider down mid-payment: sent again with the same key, one intent, one capture, one payment", async () => {
    const s = await shop();
    const idempotency_key = key();
    const body = { reader_id: s.readerId, amount_pence: 4200, idempotency_key, unlock_token: s.unlock };
    // The intent is made at the provider but its answer is lost.
    sandbox().simulateOutage("after");
    const lost = await api.request("POST", "/terminal-app/payments", { token: s.token, body });
    expect(lost.status).toBe(502);
    expect(lost.body.message).toBe(M.providerDown);
    const again = await api.request("POST", "/terminal-app/payments", { token: s.token, body });
    expect(again.status, again.text).toBe(201);
    expect(again.body.data.status).toBe("waiting");
    const id = again.body.data.id;
    // The card is presented; the capture's answer is lost: the payment stays waiting, asked again it is approved once.
    sandbox().simulateOutage("after", 1);
    const card = await api.request("POST", `/terminal-app/payments/${id}/present-card`, { token: s.token, body: { number: "4242424242424242" } });
    expect(card.status).toBe(502);
    const polled = await api.request("GET", `/terminal-app/payments/${id}`, { token: s.token });
    expect(polled.body.data.status).toBe("approved");
    const rows = await api.database.db.select().from(payments).where(eq(payments.tenantId, s.tenantId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPence: 4200, status: "succeeded", method: "card_present" });
    const intents = (await api.database.db.execute(
      sql.raw(
        `select count(*)::int as n from payment_sandbox_objects where kind = 'payment_intent' and data->>'status' = 'succeeded' and id = '${rows[0].providerPaymentId}'`,
      ),
    )) as unknown as { rows: { n: number }[] };
    expect(intents.rows[0].n).toBe(1);
  });
});
