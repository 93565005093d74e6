import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { formatDate } from "#common/format";
import { formatPence } from "#common/money";
import { todayInLondon } from "#common/dates";
import type { ListQuery } from "#contract/common";
import {
  DATAPOINT_KEYS,
  DATAPOINTS,
  DOCUMENT_TEMPLATE_MESSAGES,
  DOCUMENT_TEMPLATE_SORTS,
  textPlaceholders,
  type DocumentTemplate,
  type DocumentTemplateBody,
  type GeneratedDocument,
  type RecordType,
} from "#contract/document-templates";
import type { Db } from "#api/db/client";
import {
  clientCompanies,
  documentTemplates,
  generatedDocuments,
  individuals,
  pipelines,
  pipelineStages,
  policies,
  salesDocuments,
  taskDocuments,
  tasks,
  users,
} from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import type { UploadedFile } from "#api/http/multipart";
import { countedListStatements, countedPage, ListShape, listOrder, sortOf, textFilter } from "#api/http/paging";
import type { Storage } from "#api/integrations/storage";
import { docxPlaceholders, fillDocx, fillText, textPdf } from "./docx";

type Row = typeof documentTemplates.$inferSelect;
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export function toDocumentTemplate(row: Row): DocumentTemplate {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind === "docx" ? "docx" : "rich_text",
    body: row.body,
    file_name: row.fileName,
    placeholders: row.placeholders,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const listStatements = countedListStatements(documentTemplates, (db) => db.select().from(documentTemplates).$dynamic());

/** The list: `filter[name]` (the spec's name filter) or `filter[search]`, sorted by name or creation. */
export async function listDocumentTemplates(db: Db, tenantId: number, query: ListQuery) {
  const shape = new ListShape();
  const where = and(
    eq(documentTemplates.tenantId, shape.value("tenant", tenantId)),
    shape.contains("search", [documentTemplates.name], textFilter(query, "name") ?? textFilter(query, "search")),
  )!;
  const sort = sortOf(query, DOCUMENT_TEMPLATE_SORTS) ?? { field: "name" as const, desc: false };
  const column = { name: sql`lower(${documentTemplates.name})`, created_at: documentTemplates.createdAt }[sort.field];
  const order = shape.sorted(sort, listOrder(column, documentTemplates.id, sort.desc, false).order);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  return { rows: rows.map(toDocumentTemplate), total };
}

export async function templateRow(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(documentTemplates)
    .where(and(eq(documentTemplates.tenantId, tenantId), eq(documentTemplates.id, id)))
    .limit(1);
  if (!row) throw notFound("Document template");
  return row;
}

export const getDocumentTemplate = async (db: Db, tenantId: number, id: number) => toDocumentTemplate(await templateRow(db, tenantId, id));

/** Every placeholder must name a data point: checked when the template is saved, the unknown ones named in the 422. */
function checkPlaceholders(tags: string[], field: "file" | "body") {
  const unknown = tags.filter((t) => !DATAPOINT_KEYS.includes(t));
  if (unknown.length) {
    const message = `${DOCUMENT_TEMPLATE_MESSAGES.unknownPlaceholders}: ${unknown.map((t) => `{${t}}`).join(", ")}.`;
    throw invalid({ [field]: [message] }, message);
  }
}

interface Content {
  kind: "docx" | "rich_text";
  body: string | null;
  placeholders: string[];
  file?: UploadedFile;
}

/** The template's content: an uploaded DOCX (checked: a Word document, its placeholders whole and known) or a text. */
function contentOf(body: DocumentTemplateBody, file: UploadedFile | undefined, current?: Row): Content | null {
  if (file) {
    const tags = docxPlaceholders(file.bytes);
    checkPlaceholders(tags, "file");
    return { kind: "docx", body: null, placeholders: tags, file };
  }
  if (body.body) {
    const { tags, broken } = textPlaceholders(body.body);
    if (broken.length) {
      const message = `${DOCUMENT_TEMPLATE_MESSAGES.brokenPlaceholders}: ${broken.map((b) => `"${b}"`).join(", ")}.`;
      throw invalid({ body: [message] }, message);
    }
    checkPlaceholders(tags, "body");
    return { kind: "rich_text", body: body.body, placeholders: tags };
  }
  if (current) return null; // keeps the current content
  throw invalid({ file: [DOCUMENT_TEMPLATE_MESSAGES.contentRequired] }, DOCUMENT_TEMPLATE_MESSAGES.contentRequired);
}

const safeName = (name: string) => name.replace(/[^\w .()-]+/g, "_").slice(0, 120) || "template";

export async function createDocumentTemplate(db: Db, storage: Storage, tenantId: number, body: DocumentTemplateBody, file?: UploadedFile) {
  const content = contentOf(body, file)!;
  const storageKey = content.file ? await storage.put(content.file.bytes, { contentType: DOCX_TYPE, extension: "docx" }) : null;
  const [row] = await db
    .insert(documentTemplates)
    .values({
      tenantId,
      name: body.name,
      kind: content.kind,
      body: content.body,
      storageKey,
      fileName: content.file ? safeName(content.file.filename || `${body.name}.docx`) : null,
      placeholders: content.placeholders,
    })
    .returning();
  return toDocumentTemplate(row);
}

/** Renames a template, and replaces its content when a new DOCX or a text is sent. */
export async function updateDocumentTemplate(db: Db, storage: Storage, tenantId: number, id: number, body: DocumentTemplateBody, file?: UploadedFile) {
  const current = await templateRow(db, tenantId, id);
  const content = contentOf(body, file, current);
  const storageKey = content?.file ? await storage.put(content.file.bytes, { contentType: DOCX_TYPE, extension: "docx" }) : undefined;
  const [row] = await db
    .update(documentTemplates)
    .set({
      name: body.name,
      ...(content
        ? {
            kind: content.kind,
            body: content.body,
            placeholders: content.placeholders,
            storageKey: storageKey ?? null,
            fileName: content.file ? safeName(content.file.filename || `${body.name}.docx`) : null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(documentTemplates.tenantId, tenantId), eq(documentTemplates.id, id)))
    .returning();
  if (content && current.storageKey && current.storageKey !== row.storageKey) await storage.delete(current.storageKey);
  return toDocumentTemplate(row);
}

/** Deletes templates of the tenant: every id must be one (404 otherwise, nothing deleted). Answers the files to remove. */
export async function deleteDocumentTemplates(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: documentTemplates.id, key: documentTemplates.storageKey })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.tenantId, tenantId), inArray(documentTemplates.id, unique)));
  if (found.length !== unique.length) throw notFound("Document template");
  await db.delete(documentTemplates).where(and(eq(documentTemplates.tenantId, tenantId), inArray(documentTemplates.id, unique)));
  return found.map((f) => f.key).filter((k): k is string => !!k);
}

export const datapointList = () =>
  Object.entries(DATAPOINTS).flatMap(([group, points]) => Object.entries(points).map(([key, label]) => ({ group, key, label: label as string })));

/** The policies a template may be used on: the company's, newest first, labelled "number · product · insurer". */
export async function listPolicyChoices(db: Db, tenantId: number): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({ id: policies.id, number: policies.number, product: policies.productName, insurer: policies.insurer })
    .from(policies)
    .where(eq(policies.tenantId, tenantId))
    .orderBy(desc(policies.createdAt), desc(policies.id))
    .limit(500);
  return rows.map((p) => ({ id: p.id, label: [p.number, p.product, p.insurer].filter(Boolean).join(" · ") }));
}

async function policyOf(db: Db, tenantId: number, id: number) {
  const [p] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.tenantId, tenantId), eq(policies.id, id)));
  return p;
}

/** The company's quotes and invoices that have a number (drafts have none yet), newest first. */
export async function quotesAndInvoices(db: Db, tenantId: number, search: string | null | undefined) {
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({
      id: salesDocuments.id,
      kind: salesDocuments.kind,
      number: salesDocuments.number,
      issueDate: salesDocuments.issueDate,
      individual: individuals.fullName,
      company: clientCompanies.name,
    })
    .from(salesDocuments)
    .leftJoin(individuals, eq(individuals.id, salesDocuments.individualId))
    .leftJoin(clientCompanies, eq(clientCompanies.id, salesDocuments.clientCompanyId))
    .where(
      and(
        eq(salesDocuments.tenantId, tenantId),
        term ? or(ilike(salesDocuments.number, term), ilike(individuals.fullName, term), ilike(clientCompanies.name, term)) : undefined,
      ),
    )
    .orderBy(desc(salesDocuments.issueDate), desc(salesDocuments.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    type: r.kind as "quote" | "invoice",
    number: r.number ?? `Draft ${r.kind} ${r.id}`,
    client: r.individual ?? r.company ?? null,
    issue_date: r.issueDate,
  }));
}

// ---------------------------------------------------------------- using a template on a record

const money = (v: string | null) => (v === null ? "" : `£${Number(v).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
const d = (v: string | null | undefined) => (v ? formatDate(v) : "");

function individualData(i: typeof individuals.$inferSelect | undefined): Record<string, string> {
  if (!i) return {};
  return {
    "client.full_name": i.fullName ?? [i.firstName, i.lastName].filter(Boolean).join(" "),
    "client.first_name": i.firstName ?? "",
    "client.last_name": i.lastName ?? "",
    "client.email": i.email ?? "",
    "client.telephone": i.telephone ?? "",
  };
}
function companyData(c: typeof clientCompanies.$inferSelect | undefined): Record<string, string> {
  if (!c) return {};
  return {
    "company.name": c.name,
    "company.email": c.email ?? "",
    "company.telephone": c.telephone ?? "",
    "company.town": c.town ?? "",
    "company.postcode": c.postcode ?? "",
  };
}
async function individualOf(db: Db, tenantId: number, id: number | null) {
  if (!id) return undefined;
  return (
    await db
      .select()
      .from(individuals)
      .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, id)))
  )[0];
}
async function companyOf(db: Db, tenantId: number, id: number | null) {
  if (!id) return undefined;
  return (
    await db
      .select()
      .from(clientCompanies)
      .where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, id)))
  )[0];
}

/** The data points of a record of the caller's company (another company's record, or none, is a 404). */
export async function recordData(db: Db, tenantId: number, type: RecordType, id: number): Promise<{ data: Record<string, string>; label: string }> {
  const base = { today: formatDate(todayInLondon()) };
  if (type === "task") {
    const [t] = await db
      .select({ task: tasks, pipeline: pipelines.name, stage: pipelineStages.name, memberName: users.name, memberLastName: users.lastName })
      .from(tasks)
      .innerJoin(pipelines, eq(pipelines.id, tasks.pipelineId))
      .innerJoin(pipelineStages, eq(pipelineStages.id, tasks.pipelineStageId))
      .leftJoin(users, eq(users.id, tasks.teamMemberId))
      .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
    if (!t) throw notFound("Task");
    return {
      label: t.task.name,
      data: {
        ...base,
        ...individualData(await individualOf(db, tenantId, t.task.sourceIndividualId)),
        ...companyData(await companyOf(db, tenantId, t.task.companyId)),
        "task.name": t.task.name,
        "task.description": t.task.description ?? "",
        "task.pipeline": t.pipeline,
        "task.stage": t.stage,
        "task.assignee": t.memberName === null ? "" : [t.memberName, t.memberLastName].filter(Boolean).join(" "),
        "task.expected_revenue": money(t.task.expectedRevenue),
        "task.expected_close_date": d(t.task.expectedCloseDate),
      },
    };
  }
  if (type === "individual") {
    const i = await individualOf(db, tenantId, id);
    if (!i) throw notFound("Individual");
    return { label: i.fullName ?? `Individual ${i.id}`, data: { ...base, ...individualData(i) } };
  }
  if (type === "company") {
    const c = await companyOf(db, tenantId, id);
    if (!c) throw notFound("Company");
    return { label: c.name, data: { ...base, ...companyData(c) } };
  }
  if (type === "policy") {
    const p = await policyOf(db, tenantId, id);
    if (!p) throw notFound("Policy");
    return {
      label: `Policy ${p.number}`,
      data: {
        ...base,
        "policy.number": p.number,
        "policy.provider": p.insurer ?? "",
        "policy.start_date": d(p.inceptionDate),
        "policy.premium": formatPence(p.premiumPence),
      },
    };
  }
  const [doc] = await db
    .select()
    .from(salesDocuments)
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.id, id), eq(salesDocuments.kind, type)));
  if (!doc) throw notFound(type === "quote" ? "Quote" : "Invoice");
  const individual = await individualOf(db, tenantId, doc.individualId);
  const company = await companyOf(db, tenantId, doc.clientCompanyId);
  const client = individual?.fullName ?? company?.name ?? "";
  const number = doc.number ?? "Draft";
  const data: Record<string, string> =
    type === "quote"
      ? {
          "quote.number": number,
          "quote.date": d(doc.issueDate),
          "quote.valid_until": d(doc.dueDate),
          "quote.total": formatPence(doc.totalPence),
          "quote.client": client,
        }
      : {
          "invoice.number": number,
          "invoice.date": d(doc.issueDate),
          "invoice.due_date": d(doc.dueDate),
          "invoice.total": formatPence(doc.totalPence),
          "invoice.client": client,
        };
  return { label: `${type === "quote" ? "Quote" : "Invoice"} ${number}`, data: { ...base, ...individualData(individual), ...companyData(company), ...data } };
}

export function toGenerated(r: typeof generatedDocuments.$inferSelect): GeneratedDocument {
  return {
    id: r.id,
    template_id: r.templateId,
    record_type: r.recordType as RecordType,
    record_id: r.recordId,
    file_name: r.fileName,
    mime_type: r.mimeType,
    size: r.size,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * Fills a template from a record and stores the document with it: a DOCX template makes a DOCX, a text template a
 * PDF. On a task the document also joins the task's documents.
 */
export async function useTemplate(db: Db, storage: Storage, actor: { tenantId: number; userId: number }, id: number, recordType: RecordType, recordId: number) {
  const template = await templateRow(db, actor.tenantId, id);
  const { data, label } = await recordData(db, actor.tenantId, recordType, recordId);
  let bytes: Buffer;
  let mimeType: string;
  let extension: string;
  if (template.kind === "docx") {
    const file = template.storageKey ? await storage.get(template.storageKey) : null;
    if (!file) throw new HttpError(409, "The template's Word document is missing: upload it again.");
    bytes = fillDocx(file.bytes, data);
    mimeType = DOCX_TYPE;
    extension = "docx";
  } else {
    bytes = await textPdf(template.name, fillText(template.body ?? "", data));
    mimeType = "application/pdf";
    extension = "pdf";
  }
  const fileName = `${safeName(`${template.name} - ${label}`)}.${extension}`;
  const storageKey = await storage.put(bytes, { contentType: mimeType, extension });
  const [row] = await db
    .insert(generatedDocuments)
    .values({
      tenantId: actor.tenantId,
      templateId: template.id,
      recordType,
      recordId,
      fileName,
      mimeType,
      storageKey,
      size: bytes.length,
      createdBy: actor.userId,
    })
    .returning();
  if (recordType === "task") {
    await db
      .insert(taskDocuments)
      .values({ tenantId: actor.tenantId, taskId: recordId, storageKey, filename: fileName, mimeType, size: bytes.length, uploadedBy: actor.userId });
  }
  return toGenerated(row);
}

export async function generatedDocument(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(generatedDocuments)
    .where(and(eq(generatedDocuments.tenantId, tenantId), eq(generatedDocuments.id, id)));
  if (!row) throw notFound("Document");
  return row;
}

/** The documents made for a record, newest first. */
export async function documentsOf(db: Db, tenantId: number, recordType: RecordType, recordId: number) {
  const rows = await db
    .select()
    .from(generatedDocuments)
    .where(and(eq(generatedDocuments.tenantId, tenantId), eq(generatedDocuments.recordType, recordType), eq(generatedDocuments.recordId, recordId)))
    .orderBy(desc(generatedDocuments.createdAt), desc(generatedDocuments.id))
    .limit(100);
  return rows.map(toGenerated);
}
