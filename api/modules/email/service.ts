import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import type { EmailMessage, EmailRelatedType, EmailThread } from "#contract/clients";
import type { Database, Db, Tx } from "#api/db/client";
import { emailMessages, emailThreads } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { offsetOf } from "#api/http/paging";
import type { MailProvider } from "#api/integrations/mail";
import { ref, userNames } from "../clients/common";
import { LABELS, recordExists } from "../clients/records";

type MessageRow = typeof emailMessages.$inferSelect;
type ThreadRow = typeof emailThreads.$inferSelect;

function toMessage(m: MessageRow, names: Map<number, string>): EmailMessage {
  return {
    id: m.id,
    thread_id: m.threadId,
    to: m.toAddress,
    subject: m.subject,
    body: m.body,
    sender: ref(m.senderUserId, names),
    sent_at: m.sentAt.toISOString(),
  };
}

async function toThread(db: Db, tenantId: number, t: ThreadRow): Promise<EmailThread> {
  const messages = await db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.tenantId, tenantId), eq(emailMessages.threadId, t.id)))
    .orderBy(asc(emailMessages.sentAt), asc(emailMessages.id));
  const names = await userNames(
    db,
    tenantId,
    messages.map((m) => m.senderUserId),
  );
  return {
    id: t.id,
    subject: t.subject,
    related_type: t.relatedType,
    related_id: t.relatedId,
    created_at: t.createdAt.toISOString(),
    last_message_at: t.lastMessageAt.toISOString(),
    messages: messages.map((m) => toMessage(m, names)),
  };
}

export async function findThread(db: Db, tenantId: number, id: number): Promise<ThreadRow> {
  const [t] = await db
    .select()
    .from(emailThreads)
    .where(and(eq(emailThreads.tenantId, tenantId), eq(emailThreads.id, id)))
    .limit(1);
  if (!t) throw notFound("Thread");
  return t;
}

export async function getThread(db: Db, tenantId: number, id: number) {
  return toThread(db, tenantId, await findThread(db, tenantId, id));
}

export interface SendEmailInput {
  tenantId: number;
  userId: number;
  to: string;
  subject: string;
  body: string;
  relatedType?: EmailRelatedType | null;
  relatedId?: number | null;
  /** Reply within this thread (of the same tenant). */
  threadId?: number | null;
}

/**
 * Sends an e-mail through the mail provider (the sandbox outbox by default) and records it: a new
 * thread, or a message in an existing one. The message is sent first and recorded only once the
 * provider has taken it, so the history never shows an e-mail that did not go out. Tasks use this too
 * (related type "task").
 */
export async function sendEmail(database: Database, mail: MailProvider, input: SendEmailInput): Promise<EmailThread> {
  const { db } = database;
  let thread: ThreadRow | undefined;
  if (input.threadId) {
    thread = await findThread(db, input.tenantId, input.threadId);
  } else if (input.relatedType && input.relatedId) {
    if (!(await recordExists(db, input.tenantId, input.relatedType, input.relatedId))) throw notFound(LABELS[input.relatedType]);
  }
  await mail.send({ tenantId: input.tenantId, to: input.to, subject: input.subject, text: input.body });
  const threadId = await database.transaction(async (tx) => {
    const now = new Date();
    let id = thread?.id;
    if (id) {
      await tx
        .update(emailThreads)
        .set({ lastMessageAt: now })
        .where(and(eq(emailThreads.tenantId, input.tenantId), eq(emailThreads.id, id)));
    } else {
      const [t] = await tx
        .insert(emailThreads)
        .values({
          tenantId: input.tenantId,
          subject: input.subject,
          relatedType: input.relatedType ?? null,
          relatedId: input.relatedType ? (input.relatedId ?? null) : null,
          createdBy: input.userId,
          createdAt: now,
          lastMessageAt: now,
        })
        .returning({ id: emailThreads.id });
      id = t.id;
    }
    await tx.insert(emailMessages).values({
      tenantId: input.tenantId,
      threadId: id,
      senderUserId: input.userId,
      toAddress: input.to,
      subject: input.subject,
      body: input.body,
      sentAt: now,
    });
    return id;
  });
  return getThread(db, input.tenantId, threadId);
}

/** The e-mails about one record, newest first (GET /individual/{id}/email, /company/{id}/email). */
export async function listMessagesFor(db: Db, tenantId: number, type: EmailRelatedType, id: number, query: ListQuery) {
  const threadIds = db
    .select({ id: emailThreads.id })
    .from(emailThreads)
    .where(and(eq(emailThreads.tenantId, tenantId), eq(emailThreads.relatedType, type), eq(emailThreads.relatedId, id)));
  const where = and(eq(emailMessages.tenantId, tenantId), inArray(emailMessages.threadId, threadIds));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(emailMessages).where(where).orderBy(desc(emailMessages.sentAt), desc(emailMessages.id)).limit(query.page.size).offset(offsetOf(query)),
    db.select({ total: count() }).from(emailMessages).where(where),
  ]);
  const names = await userNames(
    db,
    tenantId,
    rows.map((m) => m.senderUserId),
  );
  return { rows: rows.map((m) => toMessage(m, names)), total };
}

/** Removes the threads about records that are being deleted (inside the caller's transaction). */
export async function deleteThreadsFor(tx: Db | Tx, tenantId: number, type: EmailRelatedType, ids: number[]) {
  if (!ids.length) return;
  await tx.delete(emailThreads).where(and(eq(emailThreads.tenantId, tenantId), eq(emailThreads.relatedType, type), inArray(emailThreads.relatedId, ids)));
}
