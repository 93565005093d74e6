import http from "node:http";
import { inflateRawSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { beforeAll, expect, test } from "vitest";
import { NOJS, USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/**
 * Without JavaScript: the Export button of a filtered policies list, and of a filtered transactions list, downloads
 * exactly its rows; the off-platform policies, quotes and invoices lists carry the button; a policy's invoices download
 * as a valid ZIP streamed through the portal.
 */
let api: Awaited<ReturnType<typeof apiAs>>;
let clientId: number;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
  const people = await api.call<{ data: { id: number; email: string | null }[] }>("GET", "/individual?page[size]=50&sort=full_name");
  clientId = people.data.find((p) => p.email)!.id;
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const makePolicy = async (number: string, premiumPence: number, productName = "Nojs Export Cover") =>
  (
    await api.call<{ data: { id: number; number: string } }>(
      "POST",
      "/policies",
      {
        number,
        product_name: productName,
        individual_id: clientId,
        premium_pence: premiumPence,
        ipt_rate: 12,
        inception_date: day(-30),
        renewal_date: day(335),
      },
      201,
    )
  ).data;

test("the Export button of a filtered policies list downloads exactly its rows, money in pounds", async () => {
  const token = uniqueToken();
  await makePolicy(`${token}-B`, 45_670);
  await makePolicy(`${token}-A`, 1_990);
  await makePolicy(`${token}-C`, 5, "Other Cover");

  const page = await NojsBrowser.as("admin").goto(`/policies?filter[policyNumber]=${token}&filter[productName]=Nojs%20Export&sort=number`);
  const shown = page.rows().map((r) => r.querySelector("a[href^='/policies/']")?.text.trim());
  expect(shown).toEqual([`${token}-A`, `${token}-B`]);
  const file = await page.form({ button: "Export" }).submit("Export");
  expect(file.status).toBe(200);
  expect(String(file.response.headers["content-disposition"])).toMatch(/^attachment; filename="policies-\d{4}-\d{2}-\d{2}\.csv"/);
  const records = parse(file.html, { bom: true }) as string[][];
  const header = records[0];
  const rows = records.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
  expect(rows.map((r) => r["Policy number"])).toEqual(shown);
  expect(rows.map((r) => r["Premium (GBP)"])).toEqual(["19.90", "456.70"]);
  expect(rows[0]["Renewal date"]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
});

/** Bloom Bakery's owner has a sent invoice of `pence` (no VAT) paid by card through its link, the card holder named `holder`. */
async function paidByCard(owner: Awaited<ReturnType<typeof apiAs>>, holder: string, pence: number) {
  const people = await owner.call<{ data: { id: number }[] }>("GET", "/individual?page%5Bsize%5D=1");
  const created = await owner.call<{ data: { id: number } }>(
    "POST",
    "/simple-invoices",
    { individual_id: people.data[0].id, items: [{ description: `Export ${holder}`, quantity: "1", unit_price_pence: pence, vat_rate: 0 }] },
    201,
  );
  const sent = await owner.call<{ data: { client_link: string } }>("POST", `/simple-invoices/${created.data.id}/mark-as-sent`, undefined, 200);
  // The client: a browser on the API host, reaching the invoice through its link.
  const link = new URL(sent.data.client_link);
  const form = await (await new NojsBrowser(NOJS.api).goto(`${link.pathname}${link.search}`)).click("Pay by card");
  const paid = await form
    .form()
    .fill("Name on the card", holder)
    .fill("Card number", "4242 4242 4242 4242")
    .fill("Expiry (MM/YY)", "12/34")
    .fill("Security code", "123")
    .submit(/^Pay £/);
  expect(paid.status).toBe(200);
}

test("the Export button of a filtered transactions list downloads exactly its rows, money in pounds", async () => {
  const token = uniqueToken();
  const owner = await apiAs(USERS.owner.email);
  // The list opened with its query in the address, not bare (a bare address brings back the filters another test left
  // on the owner's list), and searching for this test's payer: other tests add payments to the same list meanwhile.
  const path = `/transactions?search=${token}&sort=amount`;
  const before = await NojsBrowser.as("owner").goto(path);
  expect(before.status).toBe(200);
  // Nothing yet: the empty state's row is marked, and is not a row of the list.
  expect(before.$("table tbody tr[data-empty]")?.text).toContain("No payments found");
  expect(before.rows()).toEqual([]);

  await paidByCard(owner, `Payer ${token}`, 2_500);
  await paidByCard(owner, `Payer ${token}`, 1_234);
  const page = await NojsBrowser.as("owner").goto(path);
  const shown = page.rows().map((r) => r.querySelector("a[href^='/transactions/']")?.getAttribute("href")?.split("/").pop());
  expect(shown).toHaveLength(2);
  expect(page.rows().map((r) => r.text)).toEqual([expect.stringContaining("£12.34"), expect.stringContaining("£25.00")]);
  const file = await page.form({ button: "Export" }).submit("Export");
  expect(file.status).toBe(200);
  expect(String(file.response.headers["content-disposition"])).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/);
  const records = parse(file.html, { bom: true }) as string[][];
  const header = records[0];
  const rows = records.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
  expect(rows.map((r) => r.ID)).toEqual(shown);
  expect(rows.map((r) => r["Amount (GBP)"])).toEqual(["12.34", "25.00"]);
  expect(rows.map((r) => r.Payer)).toEqual([`Payer ${token}`, `Payer ${token}`]);
  expect(rows.map((r) => r.Status)).toEqual(["Succeeded", "Succeeded"]);
});

test("the off-platform policies, quotes and invoices lists export their rows too", async () => {
  for (const [user, path, type] of [
    ["admin", "/off-platform-policies", "off-platform-policies"],
    ["admin", "/quotes", "quotes"],
    ["admin", "/invoices", "invoices"],
  ] as const) {
    const page = await NojsBrowser.as(user).goto(path);
    expect(page.status, path).toBe(200);
    const file = await page.form({ button: "Export" }).submit("Export");
    expect(file.status, path).toBe(200);
    expect(String(file.response.headers["content-disposition"]), path).toContain(`${type}-`);
    const records = parse(file.html, { bom: true }) as string[][];
    expect(records[0][0], path).toBe("ID");
    expect(records.length - 1, path).toBeGreaterThanOrEqual(page.rows().length);
  }
});

/** The entries of a ZIP, read from its central directory, each inflated from its local header. */
function unzip(bytes: Buffer): Map<string, Buffer> {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThanOrEqual(0);
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    out.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

test("a policy's invoices download through the portal as a valid ZIP of their PDFs", async () => {
  const token = uniqueToken();
  const policy = await makePolicy(`${token}-Z`, 10_000);
  for (let i = 0; i < 2; i++) {
    const invoice = await api.call<{ data: { id: number } }>(
      "POST",
      "/simple-invoices",
      { individual_id: clientId, items: [{ description: `Premium ${i}`, quantity: "1", unit_price_pence: 12_000, vat_rate: 0 }] },
      201,
    );
    await api.call("POST", `/simple-invoices/${invoice.data.id}/mark-as-sent`);
    await api.call("PUT", `/policies/${policy.id}/invoices/${invoice.data.id}`);
  }
  const browser = NojsBrowser.as("admin");
  const detail = await browser.goto(`/policies/${policy.id}`);
  expect(detail.$(`a[href="/policies/${policy.id}/invoices.zip"]`)).not.toBeNull();
  // The bytes as they come (the harness reads pages as text), with the browser's session cookie.
  const url = new URL(`/policies/${policy.id}/invoices.zip`, browser.origin);
  const cookie = (browser as unknown as { cookieHeader(host: string): string | undefined }).cookieHeader(url.hostname) ?? "";
  const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: url.port, path: url.pathname, headers: { host: url.host, cookie } }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }));
      r.on("error", reject);
    });
    req.on("error", reject);
  });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("application/zip");
  expect(String(res.headers["content-disposition"])).toContain(`policy-${token}-Z-invoices.zip`);
  // Streamed on as it comes: no length known in advance, sent in chunks.
  expect(res.headers["transfer-encoding"]).toBe("chunked");
  const files = unzip(res.body);
  expect(files.size).toBe(2);
  for (const [name, pdf] of files) {
    expect(name).toMatch(/\.pdf$/);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }
});
