import { and, asc, eq } from "drizzle-orm";
import type { Database, Db } from "#api/db/client";
import { salesDocumentFiles, type SalesDocumentKind } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import type { UploadedFile } from "#api/http/multipart";
import type { Storage } from "#api/integrations/storage";
import { checkDocumentUpload } from "../tasks/documents";
import { findRow, toAttachment, type Actor } from "./service";
import { assertEditable } from "./validation";

// ------------------------------------------------------------------------------------------------ attachments

export async function listFiles(db: Db, tenantId: number, kind: SalesDocumentKind, id: number) {
  await findRow(db, tenantId, kind, id);
  const files = await db
    .select()
    .from(salesDocumentFiles)
    .where(and(eq(salesDocumentFiles.tenantId, tenantId), eq(salesDocumentFiles.documentId, id)))
    .orderBy(asc(salesDocumentFiles.createdAt), asc(salesDocumentFiles.id));
  return files.map((f) => toAttachment(kind, f));
}

export async function addFile(database: Database, storage: Storage, actor: Actor, kind: SalesDocumentKind, id: number, file: UploadedFile | undefined) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  if (!file) throw invalid({ document: ["Choose a file."] });
  const type = checkDocumentUpload(file, "document");
  const key = await storage.put(file.bytes, type);
  try {
    const [row] = await database.db
      .insert(salesDocumentFiles)
      .values({
        tenantId: actor.tenantId,
        documentId: id,
        storageKey: key,
        filename: file.filename.slice(0, 255) || `document.${type.extension}`,
        mimeType: type.contentType,
        size: file.bytes.length,
        uploadedBy: actor.userId,
      })
      .returning();
    return toAttachment(kind, row);
  } catch (e) {
    await storage.delete(key);
    throw e;
  }
}

export async function findFile(db: Db, tenantId: number, kind: SalesDocumentKind, id: number, fileId: number) {
  await findRow(db, tenantId, kind, id);
  const [f] = await db
    .select()
    .from(salesDocumentFiles)
    .where(and(eq(salesDocumentFiles.tenantId, tenantId), eq(salesDocumentFiles.documentId, id), eq(salesDocumentFiles.id, fileId)))
    .limit(1);
  if (!f) throw notFound("Document");
  return f;
}

export async function deleteFile(database: Database, storage: Storage, actor: Actor, kind: SalesDocumentKind, id: number, fileId: number) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  const f = await findFile(database.db, actor.tenantId, kind, id, fileId);
  await database.db.delete(salesDocumentFiles).where(eq(salesDocumentFiles.id, f.id));
  await storage.delete(f.storageKey);
}
