import { eq } from "drizzle-orm";
import PizZip from "pizzip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_TEMPLATE_MESSAGES } from "#contract/document-templates";
import { documentTemplates, generatedDocuments, policies, taskDocuments } from "#api/db/schema";
import { docxText, makeDocx } from "#api/modules/document-templates/docx";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, makeIndividual, makePipeline, makeTask, tenantId, userWith } from "../helpers/crm";
import { sendMultipart } from "../helpers/multipart";
import { create as createSalesDocument, item, pdfText } from "../helpers/sales";

/**
 * /document-templates through HTTP: access, tenancy, validation (not a DOCX, broken and unknown placeholders when
 * saved), CRUD, the data points, and using a template: the filled DOCX opened and read, the text template's PDF.
 */
let api: TestApi;
let admin: string;
let viewer: { token: string };
let foreign: { token: string; tenantId: number };
let harbour: number;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  harbour = await tenantId(api, "Harbour Brokers");
  viewer = await userWith(api, harbour, ["document_template_view"]);
  foreign = await emptyTenant(api, ["document_template_view", "document_template_manage", "quote_manage", "invoice_manage"]);
});
afterAll(async () => {
  await api?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const upload = (fields: Record<string, string>, docx: Buffer | null, token = admin, url = "/document-templates") =>
  sendMultipart(api.app, "POST", url, { ...fields, ...(docx ? { file: { file: docx, filename: "letter.docx", type: DOCX } } : {}) }, token);
const textTemplate = (body: string, token = admin) => api.request("POST", "/document-templates", { token, body: { name: `Text ${unique()}`, body } });

/** A DOCX whose placeholder Word split across three runs, as it does after an edit. */
function splitRunDocx(): Buffer {
  const zip = new PizZip(makeDocx(["Dear PLACEHOLDER,"]));
  const xml = zip
    .file("word/document.xml")!
    .asText()
    .replace(
      '<w:r><w:t xml:space="preserve">Dear PLACEHOLDER,</w:t></w:r>',
      '<w:r><w:t xml:space="preserve">Dear {client.</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>first_</w:t></w:r><w:r><w:t xml:space="preserve">name},</w:t></w:r>',
    );
  zip.file("word/document.xml", xml);
  return zip.generate({ type: "nodebuffer" }) as Buffer;
}

describe("/document-templates: access and tenancy", () => {
  it("answers 401 without a token and 403 without the permissions", async () => {
    expect((await api.request("GET", "/document-templates")).status).toBe(401);
    expect((await api.request("GET", "/document-templates/datapoints")).status).toBe(401);
    const nobody = await userWith(api, harbour, []);
    expect((await api.request("GET", "/document-templates", { token: nobody.token })).status).toBe(403);
    expect((await api.request("GET", "/document-templates", { token: viewer.token })).status).toBe(200);
    expect((await textTemplate("Hello", viewer.token)).status).toBe(403);
  });

  it("answers 404 for another company's template, record and document", async () => {
    const theirs = await textTemplate("Hello {client.full_name}", foreign.token);
    expect(theirs.status, theirs.text).toBe(201);
    const id = theirs.body.data.id;
    expect((await api.request("GET", `/document-templates/${id}`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", `/document-templates/${id}`, { token: admin, body: { name: "Mine now" } })).status).toBe(404);
    expect((await api.request("DELETE", "/document-templates", { token: admin, query: { document_template_ids: String(id) } })).status).toBe(404);
    const individual = await makeIndividual(api, harbour, "Hana", "Harbour", "hana@example.test");
    expect(
      (await api.request("POST", `/document-templates/use/${id}`, { token: admin, body: { record_type: "individual", record_id: individual } })).status,
    ).toBe(404);
    // Their template on our client: the record is not theirs.
    const used = await api.request("POST", `/document-templates/use/${id}`, {
      token: foreign.token,
      body: { record_type: "individual", record_id: individual },
    });
    expect(used.status).toBe(404);
    expect(await api.database.db.select().from(generatedDocuments).where(eq(generatedDocuments.recordId, individual))).toEqual([]);
    const [row] = await api.database.db.select().from(documentTemplates).where(eq(documentTemplates.id, id));
    expect(row.name).toBe(theirs.body.data.name);
  });
});

describe("/document-templates: validation when saved", () => {
  it("refuses a file that is not a DOCX, with a clear error, and stores nothing", async () => {
    const before = (await api.database.db.select().from(documentTemplates)).length;
    const res = await upload({ name: "Not Word" }, Buffer.from("%PDF-1.4 not a word document"));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual([DOCUMENT_TEMPLATE_MESSAGES.notDocx]);
    const zip = new PizZip();
    zip.file("hello.txt", "a zip, but no Word document");
    expect((await upload({ name: "Zip" }, zip.generate({ type: "nodebuffer" }) as Buffer)).body.errors.file).toEqual([DOCUMENT_TEMPLATE_MESSAGES.notDocx]);
    expect((await upload({ name: " " }, null)).body.errors.name).toEqual([DOCUMENT_TEMPLATE_MESSAGES.nameRequired]);
    expect((await upload({ name: "Empty" }, null)).body.errors.file).toEqual([DOCUMENT_TEMPLATE_MESSAGES.contentRequired]);
    expect((await api.database.db.select().from(documentTemplates)).length).toBe(before);
  });

  it("names the placeholders that are no data point, and the broken ones (DOCX and text)", async () => {
    const unknown = await upload({ name: "Unknown" }, makeDocx(["Dear {client.full_name}", "Your {pet.name} and {task.colour}"]));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.file).toEqual([`${DOCUMENT_TEMPLATE_MESSAGES.unknownPlaceholders}: {pet.name}, {task.colour}.`]);
    const broken = await upload({ name: "Broken" }, makeDocx(["Dear {client.full_name", "x"]));
    expect(broken.status).toBe(422);
    expect(broken.body.errors.file[0]).toMatch(/^The template has broken placeholders: /);
    const text = await textTemplate("Hello {client.full_name} and {nobody}");
    expect(text.body.errors.body).toEqual([`${DOCUMENT_TEMPLATE_MESSAGES.unknownPlaceholders}: {nobody}.`]);
    const unclosed = await textTemplate("Hello {client.full_name");
    expect(unclosed.body.errors.body[0]).toMatch(/broken placeholders/);
  });
});

describe("/document-templates: list, update, delete, data points, choices", () => {
  it("creates, filters by name, updates and deletes many", async () => {
    const token = unique();
    const a = await upload({ name: `Letter ${token}` }, makeDocx(["Dear {client.full_name}"]));
    expect(a.status, a.text).toBe(201);
    expect(a.body.data).toMatchObject({ kind: "docx", file_name: "letter.docx", placeholders: ["client.full_name"] });
    const b = await textTemplate("Hello");
    await api.request("PUT", `/document-templates/${b.body.data.id}`, { token: admin, body: { name: `Note ${token}` } });
    const list = await api.request("GET", "/document-templates", { token: viewer.token, query: { filter: { name: token }, sort: "name" } });
    expect(list.body.data.map((t: { name: string }) => t.name)).toEqual([`Letter ${token}`, `Note ${token}`]);
    // An update without new content keeps the body; with a new DOCX it is checked again.
    expect((await upload({ name: `Letter ${token}` }, makeDocx(["{oops}"]), admin, `/document-templates/${a.body.data.id}`)).status).toBe(422);
    const kept = await api.request("GET", `/document-templates/${b.body.data.id}`, { token: admin });
    expect(kept.body.data).toMatchObject({ name: `Note ${token}`, body: "Hello", kind: "rich_text" });
    const file = await api.request("GET", `/document-templates/${a.body.data.id}/file`, { token: viewer.token });
    expect(file.status).toBe(200);
    const gone = await api.request("DELETE", "/document-templates", { token: admin, query: { document_template_ids: `${a.body.data.id},${b.body.data.id}` } });
    expect(gone.status).toBe(204);
    expect((await api.request("GET", "/document-templates", { token: admin, query: { filter: { name: token } } })).body.data).toEqual([]);
    expect((await api.request("DELETE", "/document-templates", { token: admin })).status).toBe(422);
  });

  it("lists the data points of each record, the policies and the quotes and invoices to choose from", async () => {
    const points = await api.request("GET", "/document-templates/datapoints", { token: viewer.token });
    const groups = new Set(points.body.data.map((p: { group: string }) => p.group));
    expect([...groups]).toEqual(["general", "client", "company", "task", "policy", "quote", "invoice"]);
    expect(points.body.data).toContainEqual({ group: "task", key: "task.name", label: "Task name" });
    // The policies to choose from are the caller's company's own.
    expect((await api.request("GET", "/document-templates/policies", { token: foreign.token })).body).toEqual({ data: [] });
    const clientId = await makeIndividual(api, foreign.tenantId, "Quinn", "Quoted", "quinn@example.test");
    const number = `DT-${Date.now()}`;
    const [policy] = await api.database.db
      .insert(policies)
      .values({
        tenantId: foreign.tenantId,
        number,
        productName: "Shop cover",
        insurer: "Aviva",
        individualId: clientId,
        inceptionDate: "2026-01-01",
        renewalDate: "2027-01-01",
      })
      .returning({ id: policies.id });
    expect((await api.request("GET", "/document-templates/policies", { token: foreign.token })).body).toEqual({
      data: [{ id: policy.id, label: `${number} · Shop cover · Aviva` }],
    });
    const harbour = (await api.request("GET", "/document-templates/policies", { token: viewer.token })).body.data as { id: number }[];
    expect(harbour.map((p) => p.id)).not.toContain(policy.id);
    const quote = await createSalesDocument(api, foreign.token, "/simple-quotes", { individual_id: clientId, items: [item()] });
    const theirs = await api.request("POST", "/document-templates/get-quotes-and-invoices", { token: foreign.token, body: {} });
    expect(theirs.body.data.map((d: { id: number }) => d.id)).toEqual([quote.id]);
    const ours = await api.request("POST", "/document-templates/get-quotes-and-invoices", { token: admin, body: { search: "Quinn" } });
    expect(ours.body.data).toEqual([]);
  });
});

describe("using a template", () => {
  it("fills a DOCX from a task (a placeholder split across runs included) and stores it with the task", async () => {
    const individual = await makeIndividual(api, harbour, "Iris", "Okafor", "iris@example.test");
    const pipeline = await makePipeline(api, admin);
    const task = await makeTask(api, admin, {
      name: `Renewal ${unique()}`,
      pipeline_id: pipeline.id,
      pipeline_stage_id: pipeline.stages[1].id,
      source_individual_id: individual,
      expected_revenue: 1250.5,
    });
    const docx = makeDocx([
      "Task: {task.name} at {task.stage}",
      "Client: {client.full_name} ({client.email})",
      "Revenue {task.expected_revenue}",
      "Date {today}",
    ]);
    const template = await upload({ name: "Renewal letter" }, docx);
    expect(template.status, template.text).toBe(201);
    const used = await api.request("POST", `/document-templates/use/${template.body.data.id}`, {
      token: admin,
      body: { record_type: "task", record_id: task.id },
    });
    expect(used.status, used.text).toBe(201);
    expect(used.body.data).toMatchObject({ record_type: "task", record_id: task.id, mime_type: DOCX, file_name: `Renewal letter - ${task.name}.docx` });
    const download = await api.app.inject({
      method: "GET",
      url: `/document-templates/documents/${used.body.data.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    const text = docxText(download.rawPayload);
    expect(text).toContain(`Task: ${task.name} at Quote`);
    expect(text).toContain("Client: Iris Okafor (iris@example.test)");
    expect(text).toContain("Revenue £1,250.50");
    expect(text).toMatch(/Date \d{2}\/\d{2}\/\d{2}/);
    const listed = await api.request("GET", "/document-templates/documents", { token: viewer.token, query: { record_type: "task", record_id: task.id } });
    expect(listed.body.data.map((d: { id: number }) => d.id)).toEqual([used.body.data.id]);
    const onTask = await api.database.db.select().from(taskDocuments).where(eq(taskDocuments.taskId, task.id));
    expect(onTask.map((d) => d.filename)).toEqual([`Renewal letter - ${task.name}.docx`]);

    const split = await upload({ name: "Split" }, splitRunDocx());
    expect(split.status, split.text).toBe(201);
    const filled = await api.request("POST", `/document-templates/use/${split.body.data.id}`, {
      token: admin,
      body: { record_type: "individual", record_id: individual },
    });
    const bytes = (
      await api.app.inject({ method: "GET", url: `/document-templates/documents/${filled.body.data.id}`, headers: { authorization: `Bearer ${admin}` } })
    ).rawPayload;
    expect(docxText(bytes)).toBe("Dear Iris,");
  });

  it("makes a PDF of a text template for an invoice; a bad record answers 404 or 422", async () => {
    const clientId = await makeIndividual(api, foreign.tenantId, "Ivan", "Invoiced", "ivan@example.test");
    const invoice = await createSalesDocument(api, foreign.token, "/simple-invoices", { individual_id: clientId, items: [item({ unit_price_pence: 25000 })] });
    const template = await textTemplate("# Reminder\nDear {client.full_name},\nInvoice {invoice.number} for {invoice.total}.", foreign.token);
    const used = await api.request("POST", `/document-templates/use/${template.body.data.id}`, {
      token: foreign.token,
      body: { record_type: "invoice", record_id: invoice.id },
    });
    expect(used.status, used.text).toBe(201);
    expect(used.body.data.mime_type).toBe("application/pdf");
    const pdf = (
      await api.app.inject({ method: "GET", url: `/document-templates/documents/${used.body.data.id}`, headers: { authorization: `Bearer ${foreign.token}` } })
    ).rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain("Dear Ivan Invoiced,");
    expect(text).toContain("for £300.00.");
    // The document is theirs: Harbour cannot download it.
    expect((await api.request("GET", `/document-templates/documents/${used.body.data.id}`, { token: admin })).status).toBe(404);
    // An invoice id used as a quote is no quote.
    expect(
      (
        await api.request("POST", `/document-templates/use/${template.body.data.id}`, {
          token: foreign.token,
          body: { record_type: "quote", record_id: invoice.id },
        })
      ).status,
    ).toBe(404);
    const bad = await api.request("POST", `/document-templates/use/${template.body.data.id}`, {
      token: foreign.token,
      body: { record_type: "planet", record_id: "x" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["record_id", "record_type"]);
  });
});
