import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BDX_MESSAGES } from "#contract/bdx";
import { bdxImports, companies, policies } from "#api/db/schema";
import { bdxImportTuning } from "#api/modules/bdx/jobs";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, userWith } from "../helpers/crm";
import { eventually } from "../helpers/jobs";
import { sendMultipart } from "../helpers/multipart";

/** The bordereaux mapper (/mapper) through HTTP: access, tenancy, every malformed file, mapping, preview, the import job and its report. */
let api: TestApi;
let admin: string;
let harbourUuid: string;
let viewer: string;
let foreign: { token: string; tenantId: number };
let foreignUuid: string;

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../fixtures/bdx", name));
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  const { db } = api.database;
  const [h] = await db.select({ uuid: companies.uuid }).from(companies).where(eq(companies.name, "Harbour Brokers"));
  harbourUuid = h.uuid;
  viewer = (await userWith(api, "Harbour Brokers", ["policy_view"])).token;
  foreign = await emptyTenant(api, ["policy_view", "policy_manage"]);
  const [f] = await db.select({ uuid: companies.uuid }).from(companies).where(eq(companies.id, foreign.tenantId));
  foreignUuid = f.uuid;
});
afterAll(async () => {
  bdxImportTuning.afterBatch = undefined;
  await api?.app.jobs.stopWorker(1);
  await api?.close();
});

const q = (uuid = harbourUuid) => `company_uuid=${uuid}`;
const upload = (bytes: Buffer, filename: string, token = admin, uuid = harbourUuid) =>
  sendMultipart(api.app, "POST", `/mapper/upload?${q(uuid)}`, { file: { file: bytes, filename, type: "text/csv" } }, token);
const csv = (text: string) => Buffer.from(text, "utf8");
const HEADER = "Policy No,Insured Name,Client Type,Product,Insurer,Gross Premium,IPT %,Inception Date,Expiry Date,Status";
const MAP = {
  policy_number: "Policy No",
  client_name: "Insured Name",
  client_type: "Client Type",
  product_name: "Product",
  insurer: "Insurer",
  premium: "Gross Premium",
  ipt_rate: "IPT %",
  inception_date: "Inception Date",
  renewal_date: "Expiry Date",
  state: "Status",
};
/** A file of the fixtures' shape whose policy numbers are this test's own. */
const ownFile = (name: string, token: string) => Buffer.from(fixture(name).toString("latin1").replaceAll("HB-BDX-", `HB-${token}-`), "latin1");
const run = (path_: string, body: Record<string, unknown>, token = admin) => api.request("POST", `/mapper/${path_}?${q()}`, { token, body });

async function importAndWait(body: Record<string, unknown>) {
  const started = await run("api/policy/import", body);
  expect(started.status).toBe(202);
  expect(started.body.data.status).toBe("queued");
  return eventually(
    async () => {
      const res = await api.request("GET", `/mapper/uploads/${started.body.data.id}?${q()}`, { token: admin });
      return ["done", "failed"].includes(res.body.data.status) ? res.body.data : undefined;
    },
    30_000,
    "the import to finish",
  );
}

describe("/mapper: access and the company uuid", () => {
  it("answers 401 without a token and 403 without policy_manage", async () => {
    expect((await api.request("GET", `/mapper/mapper?${q()}`)).status).toBe(401);
    expect((await upload(csv(`${HEADER}\nA,B,Company,P,I,1,12,2026-01-01,2027-01-01,Live`), "a.csv", "")).status).toBe(401);
    expect((await api.request("GET", `/mapper/mapper?${q()}`, { token: viewer })).status).toBe(200);
    expect((await upload(csv(`${HEADER}\nA,B,Company,P,I,1,12,2026-01-01,2027-01-01,Live`), "a.csv", viewer)).status).toBe(403);
    expect((await run("validate", { upload_id: 1, map: MAP, declaration_month: 3, declaration_year: 2026 }, viewer)).status).toBe(403);
  });

  it("answers 'Company uuid not found!' without the company uuid or with another company's", async () => {
    const none = await api.request("GET", "/mapper/mapper", { token: admin });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(BDX_MESSAGES.companyUuid);
    const other = await api.request("GET", `/mapper/mapper?${q(foreignUuid)}`, { token: admin });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(BDX_MESSAGES.companyUuid);
  });

  it("answers 404 for another company's upload, and imports nothing into it", async () => {
    const theirs = await upload(csv(`${HEADER}\nF-1,B,Company,P,I,1,12,2026-01-01,2027-01-01,Live`), "theirs.csv", foreign.token, foreignUuid);
    expect(theirs.status).toBe(201);
    const id = theirs.body.data.id;
    expect((await api.request("GET", `/mapper/uploads/${id}?${q()}`, { token: admin })).status).toBe(404);
    expect((await api.request("GET", `/mapper/fields?${q()}&upload_id=${id}`, { token: admin })).status).toBe(404);
    expect((await run("validate", { upload_id: id, map: MAP, declaration_month: 3, declaration_year: 2026 })).status).toBe(404);
    expect((await run("api/policy/import", { upload_id: id, map: MAP, declaration_month: 3, declaration_year: 2026 })).status).toBe(404);
    expect((await api.request("GET", `/mapper/uploads/${id}/report.csv?${q()}`, { token: admin })).status).toBe(404);
    const [row] = await api.database.db.select().from(bdxImports).where(eq(bdxImports.id, id));
    expect(row.status).toBe("uploaded");
  });
});

describe("/mapper/upload: malformed files are refused with a clear message and nothing stored", () => {
  const refused = async (bytes: Buffer, name: string, message: string, status = 422) => {
    const before = (await api.database.db.select({ n: sql<number>`count(*)::int` }).from(bdxImports))[0].n;
    const res = await upload(bytes, name);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect((await api.database.db.select({ n: sql<number>`count(*)::int` }).from(bdxImports))[0].n).toBe(before);
  };

  it("an empty file, a header only, and only empty lines: 'You have attempted to upload an invalid/empty file.'", async () => {
    await refused(Buffer.alloc(0), "empty.csv", BDX_MESSAGES.empty);
    await refused(csv(`${HEADER}\n`), "header.csv", BDX_MESSAGES.empty);
    await refused(csv(`${HEADER}\n\n,,,\n\r\n`), "blank-lines.csv", BDX_MESSAGES.empty);
  });

  it("binary files: a PDF, an image, an old Excel file, a file of NUL bytes, a zip named .csv", async () => {
    await refused(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "bdx.pdf", BDX_MESSAGES.notSpreadsheet);
    await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "bdx.csv", BDX_MESSAGES.notSpreadsheet);
    await refused(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "bdx.xls", BDX_MESSAGES.notSpreadsheet);
    await refused(Buffer.alloc(4096, 0), "zeros.csv", BDX_MESSAGES.notSpreadsheet);
    await refused(fixture("bdx-may.xlsx"), "renamed.csv", BDX_MESSAGES.notSpreadsheet);
  });

  it("a broken workbook, a file over 50 MB, more than 100,000 rows, no file at all", async () => {
    await refused(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), "broken.xlsx", BDX_MESSAGES.unreadable);
    await refused(Buffer.alloc(50 * 1024 * 1024 + 10, 0x41), "huge.csv", BDX_MESSAGES.tooLarge, 413);
    const many = `${HEADER}\n${"P,B,Company,P,I,1,12,2026-01-01,2027-01-01,Live\n".repeat(100_001)}`;
    await refused(csv(many), "many.csv", BDX_MESSAGES.tooManyRows);
    const none = await sendMultipart(api.app, "POST", `/mapper/upload?${q()}`, { note: "no file" }, admin);
    expect(none.status).toBe(422);
    expect(none.body.errors.file).toEqual([BDX_MESSAGES.fileRequired]);
  });
});

describe("/mapper: reading, mapping, preview", () => {
  it("reads UTF-8 with BOM, Windows-1252 and XLSX files: columns, rows, examples and suggestions", async () => {
    const bom = await upload(fixture("bdx-march-utf8-bom.csv"), "bdx-march-utf8-bom.csv");
    expect(bom.status).toBe(201);
    expect(bom.body.data).toMatchObject({ file_type: "csv", encoding: "utf-8-bom", row_count: 5, status: "uploaded" });
    const fields = await api.request("GET", `/mapper/fields?${q()}&upload_id=${bom.body.data.id}`, { token: admin });
    expect(fields.status).toBe(200);
    expect(fields.body.data.importFields[0]).toBe("Policy No"); // the BOM is not part of the first header
    expect(fields.body.data.examples["Insured Name"]).toContain("Zoë Brontë");
    expect(fields.body.data.autoMatchedFields).toMatchObject({
      policy_number: "Policy No",
      client_name: "Insured Name",
      premium: "Gross Premium",
      renewal_date: "Expiry Date",
    });

    const cp = await upload(fixture("bdx-april-windows-1252.csv"), "bdx-april.csv");
    expect(cp.body.data).toMatchObject({ encoding: "windows-1252", row_count: 3 });
    const cpFields = await api.request("GET", `/mapper/fields?${q()}&upload_id=${cp.body.data.id}`, { token: admin });
    expect(cpFields.body.data.examples["Insured Name"]).toEqual(["Café Rénové Ltd", "Chloë O’Brien", "Harbour Marine Ltd"]);
    expect(cpFields.body.data.examples["Gross Premium"][0]).toBe("£2,100.00");

    const x = await upload(fixture("bdx-may.xlsx"), "bdx-may.xlsx");
    expect(x.body.data).toMatchObject({ file_type: "xlsx", encoding: null, row_count: 4 });
    const xFields = await api.request("GET", `/mapper/fields?${q()}&upload_id=${x.body.data.id}`, { token: admin });
    expect(xFields.body.data.examples["Inception Date"][0]).toBe("2026-05-01");
    // The formula is text, not its result.
    expect(xFields.body.data.examples["Insured Name"]).toContain('=CONCATENATE("Dock","side Ltd")');
  });

  it("previews the rows with their errors, and refuses a map naming a column the file lacks or missing a required field", async () => {
    const up = await upload(fixture("bdx-march-utf8-bom.csv"), "march.csv");
    const body = { upload_id: up.body.data.id, map: MAP, declaration_month: 3, declaration_year: 2026 };
    const preview = await run("validate", body);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ row_count: 5, valid_rows: 3, invalid_rows: 2 });
    const byLine = Object.fromEntries(preview.body.data.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors]));
    expect(byLine[2]).toEqual([]);
    expect(byLine[3]).toEqual([]); // 01/03/2026
    expect(byLine[5]).toEqual([]); // 15 Mar 2026; the empty line 4 skipped
    expect(byLine[6]).toEqual(['Premium "not known" is not an amount in pounds.', "Renewal date is not after the inception date."]);
    expect(byLine[7]).toEqual(["Policy number is missing."]);

    const lacking = await run("validate", { ...body, map: { ...MAP, insurer: "Carrier" } });
    expect(lacking.status).toBe(422);
    expect(lacking.body.errors["map.insurer"]).toEqual([BDX_MESSAGES.missingColumn("Carrier")]);
    const { policy_number: _, ...withoutNumber } = MAP;
    const missing = await run("validate", { ...body, map: withoutNumber });
    expect(missing.body.errors["map.policy_number"]).toEqual([BDX_MESSAGES.fieldRequired("Policy number")]);
    const period = await run("validate", { ...body, declaration_month: 13, declaration_year: 99 });
    expect(period.body.errors).toMatchObject({ declaration_month: [BDX_MESSAGES.month], declaration_year: [BDX_MESSAGES.year] });
    const noMap = await run("validate", { upload_id: up.body.data.id, declaration_month: 3, declaration_year: 2026 });
    expect(noMap.body.errors.map_id).toEqual([BDX_MESSAGES.mapRequired]);
  });
});

describe("/mapper/api/policy/import: the job, the report, maps reused, nothing imported twice", () => {
  it("imports a UTF-8 file, saves its map, and a second file with the same columns imports with that map; the same row again updates", async () => {
    await api.app.jobs.startWorker({ pollSeconds: 0.5 });
    const token = unique();
    const march = await upload(ownFile("bdx-march-utf8-bom.csv", token), "march.csv");
    const mapName = `Monthly ${token}`;
    const done = await importAndWait({ upload_id: march.body.data.id, map: MAP, map_name: mapName, declaration_month: 3, declaration_year: 2026 });
    expect(done).toMatchObject({
      status: "done",
      processed_rows: 5,
      created_rows: 3,
      updated_rows: 0,
      refused_rows: 2,
      declaration_month: 3,
      declaration_year: 2026,
    });
    const [p1] = await api.database.db
      .select()
      .from(policies)
      .where(eq(policies.number, `HB-${token}-1001`));
    expect(p1).toMatchObject({ premiumPence: 125050, iptRate: 12, iptPence: 15006, state: "BOUND", inceptionDate: "2026-03-01", source: "import" });
    const [p3] = await api.database.db
      .select()
      .from(policies)
      .where(eq(policies.number, `HB-${token}-1003`));
    expect(p3).toMatchObject({ state: "COOLING_OFF", iptRate: 20, inceptionDate: "2026-03-15" });

    // Starting it again changes nothing.
    expect((await run("api/policy/import", { upload_id: march.body.data.id, map: MAP, declaration_month: 3, declaration_year: 2026 })).status).toBe(409);

    const report = await api.request("GET", `/mapper/uploads/${march.body.data.id}/report?${q()}`, { token: admin });
    expect(report.body.data.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [2, "created"],
      [3, "created"],
      [5, "created"],
      [6, "refused"],
      [7, "refused"],
    ]);
    const download = await api.request("GET", `/mapper/uploads/${march.body.data.id}/report.csv?${q()}`, { token: admin });
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toContain("text/csv");
    expect(download.text.charCodeAt(0)).toBe(0xfeff);
    expect(download.text).toContain(
      `6,refused,HB-${token}-1004,"Premium ""not known"" is not an amount in pounds. Renewal date is not after the inception date."`,
    );

    // April (Windows-1252, same columns): the saved map is found; one row is March's HB-…-1001 again.
    const april = await upload(ownFile("bdx-april-windows-1252.csv", token), "april.csv");
    const fields = await api.request("GET", `/mapper/fields?${q()}&upload_id=${april.body.data.id}`, { token: admin });
    const saved = fields.body.data.mapOptions.find((m: { name: string }) => m.name === mapName);
    expect(fields.body.data.matchingMapId).toBe(saved.mapId);
    const aprilDone = await importAndWait({ upload_id: april.body.data.id, map_id: saved.mapId, declaration_month: 4, declaration_year: 2026 });
    expect(aprilDone).toMatchObject({ status: "done", created_rows: 2, updated_rows: 1, refused_rows: 0 });
    const again = await api.database.db
      .select()
      .from(policies)
      .where(sql`lower(${policies.number}) = lower(${`HB-${token}-1001`})`);
    expect(again).toHaveLength(1);
    expect(again[0].premiumPence).toBe(130000);
    const [cafe] = await api.database.db
      .select()
      .from(policies)
      .where(eq(policies.number, `HB-${token}-2001`));
    expect(cafe.premiumPence).toBe(210000);

    // A map name is one map per company.
    const dup = await api.request("POST", `/mapper/mapper?${q()}`, { token: admin, body: { name: mapName.toLowerCase(), map: MAP } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual([BDX_MESSAGES.mapNameTaken]);
  });

  it("imports an XLSX file: date cells, a formula read as text, a bad date refused", async () => {
    const token = unique();
    const bytes = fixture("bdx-may.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    workbook.worksheets[0].eachRow((row) => {
      const cell = row.getCell(1);
      if (typeof cell.value === "string") cell.value = cell.value.replace("HB-BDX-", `HB-${token}-`);
    });
    const own = Buffer.from(await workbook.xlsx.writeBuffer());
    const up = await upload(own, "may.xlsx");
    const done = await importAndWait({ upload_id: up.body.data.id, map: MAP, declaration_month: 5, declaration_year: 2026 });
    expect(done).toMatchObject({ status: "done", created_rows: 3, refused_rows: 1 });
    const [mariner] = await api.database.db
      .select()
      .from(policies)
      .where(eq(policies.number, `HB-${token}-3001`));
    expect(mariner).toMatchObject({ premiumPence: 315075, inceptionDate: "2026-05-01", renewalDate: "2027-05-01" });
    const report = await api.request("GET", `/mapper/uploads/${up.body.data.id}/report?${q()}`, { token: admin });
    expect(report.body.data.find((r: { line: number }) => r.line === 6).reasons).toEqual([
      'Inception date "31/02/2026" is not a date (use 2026-03-31, 31/03/2026 or 31 Mar 2026).',
    ]);
  });

  it("a job stopped midway is retried and finishes without importing any row twice", async () => {
    const token = unique();
    const lines = Array.from({ length: 7 }, (_, i) => `HB-${token}-R${i},Retry Client ${i},Company,Fleet,Aviva,100,12,2026-01-01,2027-01-01,Live`);
    const up = await upload(csv([HEADER, ...lines].join("\n")), "retry.csv");
    bdxImportTuning.batchSize = 3;
    let failures = 0;
    bdxImportTuning.afterBatch = (processed) => {
      if (processed === 3 && failures === 0) {
        failures++;
        throw new Error("The database went away");
      }
    };
    try {
      const started = await run("api/policy/import", { upload_id: up.body.data.id, map: MAP, declaration_month: 1, declaration_year: 2026 });
      const failedOnce = await eventually(async () => {
        const [row] = await api.database.db.select().from(bdxImports).where(eq(bdxImports.id, started.body.data.id));
        return row.failure ? row : undefined;
      }, 20_000);
      expect(failedOnce.failure).toBe("The database went away");
      const done = await eventually(
        async () => {
          const [row] = await api.database.db
            .select()
            .from(bdxImports)
            .where(and(eq(bdxImports.id, started.body.data.id), eq(bdxImports.status, "done")));
          return row;
        },
        40_000,
        "the retried import",
      );
      expect(done).toMatchObject({ createdRows: 7, updatedRows: 0, processedRows: 7, failure: null });
      const made = await api.database.db
        .select()
        .from(policies)
        .where(sql`${policies.number} like ${`HB-${token}-R%`}`);
      expect(made).toHaveLength(7);
      const job = await api.request("GET", `/jobs/${started.body.data.job_id}`, { token: admin });
      expect(job.body.data).toMatchObject({ state: "done", retries: 1 });
    } finally {
      bdxImportTuning.batchSize = 200;
      bdxImportTuning.afterBatch = undefined;
    }
  }, 60_000);
});
