import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import type { Task, TaskNote, TaskProgressBody, TaskUpdateBody } from "#contract/tasks";
import type { Database, Db } from "#api/db/client";
import { notes, pipelineStages, taskDocuments, users } from "#api/db/schema";
import type { UploadedFile } from "#api/http/multipart";
import { offsetOf } from "#api/http/paging";
import { notFound } from "#api/http/errors";
import type { Storage } from "#api/integrations/storage";
import { checkDocumentUpload } from "./documents";
import { assertTask, updateTask, type Actor } from "./service";

type DocumentRow = typeof taskDocuments.$inferSelect;
/** A note's document; its file is served to the company's users only (GET /tasks/{id}/documents/{documentId}). */
const documentOf = (d: DocumentRow) => ({
  id: d.id,
  filename: d.filename,
  mime_type: d.mimeType,
  size: d.size,
  url: `/tasks/${d.taskId}/documents/${d.id}`,
  created_at: d.createdAt.toISOString(),
});

/** A document of the company's task, or 404 (another company's, or none). */
export async function findDocument(db: Db, tenantId: number, taskId: number, documentId: number): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(taskDocuments)
    .where(and(eq(taskDocuments.tenantId, tenantId), eq(taskDocuments.taskId, taskId), eq(taskDocuments.id, documentId)))
    .limit(1);
  if (!row) throw notFound("Document");
  return row;
}

/** Notes of a task (the shared notes of the clients area), newest first, with their documents and authors. */
export async function listTaskNotes(db: Db, tenantId: number, taskId: number, query: ListQuery) {
  await assertTask(db, tenantId, taskId);
  const where = and(eq(notes.tenantId, tenantId), eq(notes.notableType, "task"), eq(notes.notableId, taskId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ note: notes, name: users.name, lastName: users.lastName })
      .from(notes)
      .leftJoin(users, eq(users.id, notes.authorId))
      .where(where)
      .orderBy(desc(notes.createdAt), desc(notes.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(notes).where(where),
  ]);
  return { rows: await withDocuments(db, tenantId, rows), total };
}

async function withDocuments(
  db: Db,
  tenantId: number,
  rows: { note: typeof notes.$inferSelect; name: string | null; lastName: string | null }[],
): Promise<TaskNote[]> {
  const ids = rows.map((r) => r.note.id);
  const docs = ids.length
    ? await db
        .select()
        .from(taskDocuments)
        .where(and(eq(taskDocuments.tenantId, tenantId), inArray(taskDocuments.noteId, ids)))
        .orderBy(asc(taskDocuments.id))
    : [];
  return rows.map(({ note, name, lastName }) => ({
    id: note.id,
    task_id: note.notableId,
    body: note.body,
    author: note.authorId !== null && name !== null ? { id: note.authorId, full_name: [name, lastName].filter(Boolean).join(" ") } : null,
    documents: docs.filter((d) => d.noteId === note.id).map(documentOf),
    created_at: note.createdAt.toISOString(),
  }));
}

/** Stores an uploaded document (checked first); answers what to record, or nothing without a file. */
async function storeDocument(storage: Storage, file: UploadedFile | undefined) {
  if (!file) return undefined;
  const type = checkDocumentUpload(file, "document");
  const key = await storage.put(file.bytes, type);
  return { key, file, type };
}

type Stored = NonNullable<Awaited<ReturnType<typeof storeDocument>>>;

async function insertNote(tx: Db, actor: Actor, taskId: number, body: string, stored: Stored | undefined) {
  const [note] = await tx
    .insert(notes)
    .values({ tenantId: actor.tenantId, notableType: "task", notableId: taskId, body, authorId: actor.userId })
    .returning({ id: notes.id });
  if (stored) {
    await tx.insert(taskDocuments).values({
      tenantId: actor.tenantId,
      taskId,
      noteId: note.id,
      storageKey: stored.key,
      filename: stored.file.filename.slice(0, 255) || `document.${stored.type.extension}`,
      mimeType: stored.type.contentType,
      size: stored.file.bytes.length,
      uploadedBy: actor.userId,
    });
  }
  return note.id;
}

async function noteById(db: Db, tenantId: number, id: number): Promise<TaskNote> {
  const rows = await db
    .select({ note: notes, name: users.name, lastName: users.lastName })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorId))
    .where(eq(notes.id, id));
  return (await withDocuments(db, tenantId, rows))[0];
}

/**
 * POST /tasks/{id}/notes/progress: moves the task to the stage (same rules as an edit: the stage must be
 * the pipeline's, an archived pipeline is refused), sets the revenue start date, payment frequency
 * and size when sent, and records a progress note (the text sent, or a description of the move) with
 * the document. One activity entry 'progress' holds every change.
 */
export async function recordProgress(
  database: Database,
  storage: Storage,
  actor: Actor,
  taskId: number,
  body: TaskProgressBody,
  file?: UploadedFile,
): Promise<{ note: TaskNote; task: Task }> {
  const { db } = database;
  await assertTask(db, actor.tenantId, taskId);
  const stored = await storeDocument(storage, file);
  const update: TaskUpdateBody = {
    pipeline_id: body.pipeline_id,
    pipeline_stage_id: body.pipeline_stage_id,
    ...(body.expected_revenue_start_date !== undefined ? { expected_revenue_start_date: body.expected_revenue_start_date } : {}),
    ...(body.payment_frequency_id !== undefined ? { payment_frequency_id: body.payment_frequency_id } : {}),
    ...(body.size !== undefined ? { size: body.size } : {}),
  };
  let noteId = 0;
  try {
    const task = await updateTask(database, actor, taskId, update, {
      as: "progress",
      afterWrite: async (tx, current) => {
        const [stage] = await tx.select({ name: pipelineStages.name }).from(pipelineStages).where(eq(pipelineStages.id, body.pipeline_stage_id)).limit(1);
        const text =
          body.note ??
          (body.pipeline_stage_id === current.task.pipelineStageId
            ? `Progress updated in ${current.stageName}.`
            : `Moved from ${current.stageName} to ${stage?.name ?? "another stage"}.`);
        noteId = await insertNote(tx, actor, taskId, text, stored);
        return { note: { old: null, new: noteId, old_label: null, new_label: text.slice(0, 200) } };
      },
    });
    return { note: await noteById(db, actor.tenantId, noteId), task };
  } catch (e) {
    if (stored) await storage.delete(stored.key);
    throw e;
  }
}

/**
 * POST /tasks/{id} (multipart, _method=PATCH): a partial edit; a `document` sent with it is attached
 * to the task under a note naming it.
 */
export async function patchTask(database: Database, storage: Storage, actor: Actor, taskId: number, body: TaskUpdateBody, file?: UploadedFile): Promise<Task> {
  await assertTask(database.db, actor.tenantId, taskId);
  const stored = await storeDocument(storage, file);
  try {
    return await updateTask(database, actor, taskId, body, {
      afterWrite: stored
        ? async (tx) => {
            await insertNote(tx, actor, taskId, `Attached ${stored.file.filename || "a document"}.`, stored);
          }
        : undefined,
    });
  } catch (e) {
    if (stored) await storage.delete(stored.key);
    throw e;
  }
}
