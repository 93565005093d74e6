import { and, asc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { CALENDAR_MESSAGES, CALENDAR_TIME_ZONE, eventTypeName, reminderBodySchema, type Reminder, type ReminderBody } from "#contract/calendar";
import type { ListQuery } from "#contract/common";
import type { Database, Db, Tx } from "#api/db/client";
import { reminderDocuments, reminders } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import type { FormBody, UploadedFile } from "#api/http/multipart";
import { offsetOf } from "#api/http/paging";
import { zodErrors } from "#api/http/validation";
import type { Storage } from "#api/integrations/storage";
import { enqueue } from "#api/jobs/enqueue";
import type { AuthContext } from "#api/modules/auth/authenticate";
import { checkDocumentUpload, type DocumentType } from "#api/modules/tasks/documents";
import { reminderDue } from "./jobs";
import { zoned } from "./recurrence";

type Row = typeof reminders.$inferSelect;
type DocumentRow = typeof reminderDocuments.$inferSelect;

/** The file fields a reminder form may send its documents in (`documents` repeated, or `documents[]`). */
export const DOCUMENT_FIELDS = ["documents", "documents[]", "document"] as const;
/** At most this many documents on one reminder. */
export const MAX_REMINDER_DOCUMENTS = 10;

const hhmm = (t: string) => t.slice(0, 5);

function toReminder(r: Row, docs: DocumentRow[]): Reminder {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    event_type_id: r.eventTypeId,
    event_type: eventTypeName(r.eventTypeId),
    start_date: r.startDate,
    start_time: hhmm(r.startTime),
    start_datetime: zoned(r.startDate, r.startTime, r.timeZone).toString({ timeZoneName: "never" }),
    fire_at: Temporal.Instant.fromEpochMilliseconds(r.fireAt.getTime()).toZonedDateTimeISO(r.timeZone).toString({ timeZoneName: "never" }),
    snoozed_until: r.snoozedUntil ? r.snoozedUntil.toISOString() : null,
    fired_at: r.firedAt ? r.firedAt.toISOString() : null,
    send_email: r.sendEmail,
    documents: docs
      .filter((d) => d.reminderId === r.id)
      .map((d) => ({ id: d.id, filename: d.filename, size: d.size, url: `/reminders/${r.id}/documents/${d.id}` })),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A reminder of the caller (reminders are personal: another user's, or another company's, is not found). */
async function findRow(db: Db | Tx, auth: AuthContext, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.tenantId, auth.tenantId), eq(reminders.userId, auth.userId), eq(reminders.id, id)))
    .limit(1);
  if (!row) throw notFound("Reminder");
  return row;
}

async function documentsOf(db: Db | Tx, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(reminderDocuments).where(inArray(reminderDocuments.reminderId, ids)).orderBy(asc(reminderDocuments.id));
}

export async function getReminder(db: Db | Tx, auth: AuthContext, id: number): Promise<Reminder> {
  const row = await findRow(db, auth, id);
  return toReminder(row, await documentsOf(db, [row.id]));
}

/** The caller's reminders, soonest first; `filter[upcoming]=1` leaves out those that have fired. */
export async function listReminders(db: Db, auth: AuthContext, query: ListQuery) {
  const upcoming = query.filter.upcoming === "1" || query.filter.upcoming === "true";
  const where = and(
    eq(reminders.tenantId, auth.tenantId),
    eq(reminders.userId, auth.userId),
    upcoming ? or(isNull(reminders.firedAt), gte(reminders.fireAt, new Date())) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(reminders).where(where).orderBy(asc(reminders.fireAt), asc(reminders.id)).limit(query.page.size).offset(offsetOf(query)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reminders)
      .where(where),
  ]);
  const docs = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toReminder(r, docs)), total: Number(n) };
}

/** The fields by the contract's schema and every document by its bytes; all errors at once. */
function validate(form: FormBody, now: Temporal.Instant, checkFuture: (body: ReminderBody) => boolean) {
  const errors: Record<string, string[]> = {};
  const parsed = reminderBodySchema.safeParse(form.fields);
  if (!parsed.success) Object.assign(errors, zodErrors(parsed.error));
  const files = (form.list ?? Object.values(form.files)).filter((f) => (DOCUMENT_FIELDS as readonly string[]).includes(f.field));
  const documents: { file: UploadedFile; type: DocumentType }[] = [];
  for (const file of files) {
    try {
      documents.push({ file, type: checkDocumentUpload(file, "documents") });
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      errors.documents = [...(errors.documents ?? []), ...(e.errors.documents ?? [])];
    }
  }
  let fireAt: Date | undefined;
  if (parsed.success) {
    const at = zoned(parsed.data.start_date, parsed.data.start_time, CALENDAR_TIME_ZONE).toInstant();
    if (checkFuture(parsed.data) && Temporal.Instant.compare(at, now) <= 0) errors.start_time = [CALENDAR_MESSAGES.reminderPast];
    fireAt = new Date(at.epochMilliseconds);
  }
  if (Object.keys(errors).length || !parsed.success) throw invalid(errors);
  return { body: parsed.data, documents, fireAt: fireAt! };
}

async function storeDocuments(storage: Storage, documents: { file: UploadedFile; type: DocumentType }[]) {
  const stored: { key: string; file: UploadedFile; type: DocumentType }[] = [];
  for (const d of documents) stored.push({ key: await storage.put(d.file.bytes, d.type), file: d.file, type: d.type });
  return stored;
}

async function insertDocuments(tx: Tx, tenantId: number, reminderId: number, stored: Awaited<ReturnType<typeof storeDocuments>>) {
  if (!stored.length) return;
  await tx.insert(reminderDocuments).values(
    stored.map((s) => ({
      tenantId,
      reminderId,
      storageKey: s.key,
      filename: s.file.filename.slice(0, 255) || `document.${s.type.extension}`,
      mimeType: s.type.contentType,
      size: s.file.bytes.length,
    })),
  );
}

/** Enqueues the job that fires the reminder at `fireAt`, for this version of it (a later reschedule outdates it). */
async function schedule(tx: Tx, tenantId: number, row: Pick<Row, "id" | "jobVersion" | "fireAt">) {
  const delaySeconds = Math.max(0, Math.ceil((row.fireAt.getTime() - Date.now()) / 1000));
  await enqueue(tx, reminderDue, { reminderId: row.id, version: row.jobVersion }, { tenantId, delaySeconds });
}

/** Runs a write after storing documents; a write that fails removes what it stored. */
async function withStored<T>(storage: Storage, stored: Awaited<ReturnType<typeof storeDocuments>>, write: () => Promise<T>) {
  try {
    return await write();
  } catch (e) {
    for (const s of stored) await storage.delete(s.key);
    throw e;
  }
}

export async function createReminder(db: Database, storage: Storage, auth: AuthContext, form: FormBody) {
  const { body, documents, fireAt } = validate(form, Temporal.Now.instant(), () => true);
  if (documents.length > MAX_REMINDER_DOCUMENTS) throw invalid({ documents: [`Attach at most ${MAX_REMINDER_DOCUMENTS} documents.`] });
  const stored = await storeDocuments(storage, documents);
  const id = await withStored(storage, stored, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reminders)
        .values({
          tenantId: auth.tenantId,
          userId: auth.userId,
          name: body.name,
          description: body.description ?? null,
          eventTypeId: body.event_type_id,
          startDate: body.start_date,
          startTime: body.start_time,
          timeZone: CALENDAR_TIME_ZONE,
          sendEmail: body.send_email,
          fireAt,
        })
        .returning();
      await insertDocuments(tx, auth.tenantId, row.id, stored);
      await schedule(tx, auth.tenantId, row);
      return row.id;
    }),
  );
  return getReminder(db.db, auth, id);
}

/**
 * Updates a reminder (POST with _method=PUT); new documents are added to those it has. A new time must be in the
 * future; it reschedules the reminder (the job queued for the old time does nothing).
 */
export async function updateReminder(db: Database, storage: Storage, auth: AuthContext, id: number, form: FormBody) {
  const current = await findRow(db.db, auth, id);
  const { body, documents, fireAt } = validate(
    form,
    Temporal.Now.instant(),
    (b) => b.start_date !== current.startDate || b.start_time !== hhmm(current.startTime),
  );
  const [{ n }] = await db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reminderDocuments)
    .where(eq(reminderDocuments.reminderId, id));
  if (Number(n) + documents.length > MAX_REMINDER_DOCUMENTS) throw invalid({ documents: [`Attach at most ${MAX_REMINDER_DOCUMENTS} documents.`] });
  const timeChanged = body.start_date !== current.startDate || body.start_time !== hhmm(current.startTime);
  const stored = await storeDocuments(storage, documents);
  await withStored(storage, stored, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(reminders)
        .set({
          name: body.name,
          description: body.description ?? null,
          eventTypeId: body.event_type_id,
          startDate: body.start_date,
          startTime: body.start_time,
          sendEmail: body.send_email,
          updatedAt: new Date(),
          ...(timeChanged ? { fireAt, snoozedUntil: null, firedAt: null, jobVersion: current.jobVersion + 1 } : {}),
        })
        .where(and(eq(reminders.tenantId, auth.tenantId), eq(reminders.id, id)))
        .returning();
      await insertDocuments(tx, auth.tenantId, id, stored);
      if (timeChanged) await schedule(tx, auth.tenantId, row);
    }),
  );
  return getReminder(db.db, auth, id);
}

/** Snoozes: the reminder fires again `minutes` from now; the job queued before does nothing when it runs. */
export async function snoozeReminder(db: Database, auth: AuthContext, id: number, minutes: number) {
  const current = await findRow(db.db, auth, id);
  const until = new Date(Date.now() + minutes * 60_000);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reminders)
      .set({ fireAt: until, snoozedUntil: until, firedAt: null, jobVersion: current.jobVersion + 1, updatedAt: new Date() })
      .where(and(eq(reminders.tenantId, auth.tenantId), eq(reminders.id, id)))
      .returning();
    await schedule(tx, auth.tenantId, row);
  });
  return getReminder(db.db, auth, id);
}

export async function deleteReminder(db: Db, storage: Storage, auth: AuthContext, id: number) {
  const current = await findRow(db, auth, id);
  const docs = await documentsOf(db, [current.id]);
  await db.delete(reminders).where(and(eq(reminders.tenantId, auth.tenantId), eq(reminders.id, current.id)));
  for (const d of docs) await storage.delete(d.storageKey);
}

export async function findDocument(db: Db, auth: AuthContext, id: number, documentId: number) {
  await findRow(db, auth, id);
  const [doc] = await db
    .select()
    .from(reminderDocuments)
    .where(and(eq(reminderDocuments.tenantId, auth.tenantId), eq(reminderDocuments.reminderId, id), eq(reminderDocuments.id, documentId)))
    .limit(1);
  if (!doc) throw notFound("Document");
  return doc;
}

export async function deleteDocument(db: Db, storage: Storage, auth: AuthContext, id: number, documentId: number) {
  const doc = await findDocument(db, auth, id, documentId);
  await db.delete(reminderDocuments).where(eq(reminderDocuments.id, doc.id));
  await storage.delete(doc.storageKey);
}
