import { eq } from "drizzle-orm";
import { z } from "zod";
import { reminderDocuments, taskDocuments } from "#api/db/schema";
import { isStorageKey } from "#api/integrations/storage";
import { notFound } from "#api/http/errors";
import { sendStoredFile } from "#api/http/files";
import { routes } from "#api/http/route";

export default routes((r) => {
  /**
   * Serves a stored image (a provider's or company's logo, a profile photo). Public, like an image URL on a
   * CDN: keys are random and unguessable. A task's document is never served here, only to its company's users
   * (GET /tasks/{id}/documents/{documentId}). The stored type is sent with nosniff and a sandboxing CSP so a
   * browser never runs it.
   */
  r.get(
    "/files/:key",
    {
      access: { public: true },
      responseType: "application/octet-stream",
      summary: "Download an uploaded image (a logo, a profile photo)",
      params: z.object({ key: z.string().max(64) }),
    },
    async ({ params, request, reply }) => {
      if (!isStorageKey(params.key)) throw notFound("File");
      const [document] = await request.server.database.db
        .select({ id: taskDocuments.id })
        .from(taskDocuments)
        .where(eq(taskDocuments.storageKey, params.key))
        .limit(1);
      if (document) throw notFound("File");
      // Nor a reminder's document (GET /reminders/{id}/documents/{docId}, to its owner only).
      const [reminderDocument] = await request.server.database.db
        .select({ id: reminderDocuments.id })
        .from(reminderDocuments)
        .where(eq(reminderDocuments.storageKey, params.key))
        .limit(1);
      if (reminderDocument) throw notFound("File");
      const file = await request.server.storage.get(params.key);
      if (!file) throw notFound("File");
      // A key never changes content: a new upload gets a new key.
      return sendStoredFile(reply, file.bytes, {
        contentType: file.contentType,
        disposition: `inline; filename="${params.key}"`,
        cacheControl: "public, max-age=31536000, immutable",
      });
    },
  );
});
