import { and, count, desc, eq } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import type { TaskEmail, TaskEmailBody } from "#contract/tasks";
import type { Database, Db } from "#api/db/client";
import { companies, emailMessages, emailThreads, users } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { offsetOf } from "#api/http/paging";
import type { MailProvider } from "#api/integrations/mail";
import { logActivity } from "./activity";
import { assertTask, type Actor } from "./service";

type MessageRow = typeof emailMessages.$inferSelect;
const fullName = (name: string | null, lastName: string | null) => (name === null ? null : [name, lastName].filter(Boolean).join(" "));

function toEmail(m: MessageRow, sender: string | null): TaskEmail {
  return {
    id: m.id,
    thread_id: m.threadId,
    to: m.toAddress,
    subject: m.subject,
    body: m.body,
    sender: m.senderUserId !== null && sender !== null ? { id: m.senderUserId, full_name: sender } : null,
    sent_at: m.sentAt.toISOString(),
  };
}

/**
 * POST /task/{id}/send-email: stores the message in an e-mail thread about the task (a new thread, or
 * the one named by thread_id), records it in the activity log, then sends it through the mail provider
 * (the sandbox outbox unless SMTP is configured), one message per recipient.
 */
export async function sendTaskEmail(database: Database, mail: MailProvider, actor: Actor, taskId: number, body: TaskEmailBody): Promise<TaskEmail> {
  const { db } = database;
  await assertTask(db, actor.tenantId, taskId);
  if (body.thread_id !== undefined) {
    const [thread] = await db
      .select({ id: emailThreads.id })
      .from(emailThreads)
      .where(
        and(
          eq(emailThreads.tenantId, actor.tenantId),
          eq(emailThreads.id, body.thread_id),
          eq(emailThreads.relatedType, "task"),
          eq(emailThreads.relatedId, taskId),
        ),
      )
      .limit(1);
    if (!thread) throw invalid({ thread_id: ["Choose a conversation of this task."] });
  }
  const [sender] = await db
    .select({ name: users.name, lastName: users.lastName, company: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.tenantId))
    .where(eq(users.id, actor.userId))
    .limit(1);
  const senderName = sender ? fullName(sender.name, sender.lastName) : null;
  const to = [...new Set(body.to)];
  const message = await database.transaction(async (tx) => {
    const now = new Date();
    const threadId =
      body.thread_id ??
      (
        await tx
          .insert(emailThreads)
          .values({
            tenantId: actor.tenantId,
            subject: body.subject,
            relatedType: "task",
            relatedId: taskId,
            createdBy: actor.userId,
            createdAt: now,
            lastMessageAt: now,
          })
          .returning({ id: emailThreads.id })
      )[0].id;
    if (body.thread_id !== undefined) await tx.update(emailThreads).set({ lastMessageAt: now }).where(eq(emailThreads.id, threadId));
    const [row] = await tx
      .insert(emailMessages)
      .values({ tenantId: actor.tenantId, threadId, senderUserId: actor.userId, toAddress: to.join(", "), subject: body.subject, body: body.body, sentAt: now })
      .returning();
    await logActivity(tx, [
      {
        tenantId: actor.tenantId,
        subjectType: "task",
        subjectId: taskId,
        userId: actor.userId,
        action: "email_sent",
        changes: { to: { old: null, new: to.join(", ") }, subject: { old: null, new: body.subject }, email_id: { old: null, new: row.id } },
      },
    ]);
    return row;
  });
  const signature = [senderName, sender?.company].filter(Boolean).join("\n");
  for (const address of to) {
    await mail.send({ tenantId: actor.tenantId, to: address, subject: body.subject, text: signature ? `${body.body}\n\n--\n${signature}` : body.body });
  }
  return toEmail(message, senderName);
}

/** GET /task/{id}/email: the e-mails of the task's threads, newest first, paged. */
export async function listTaskEmails(db: Db, tenantId: number, taskId: number, query: ListQuery) {
  await assertTask(db, tenantId, taskId);
  const where = and(eq(emailThreads.tenantId, tenantId), eq(emailThreads.relatedType, "task"), eq(emailThreads.relatedId, taskId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ message: emailMessages, name: users.name, lastName: users.lastName })
      .from(emailMessages)
      .innerJoin(emailThreads, eq(emailThreads.id, emailMessages.threadId))
      .leftJoin(users, eq(users.id, emailMessages.senderUserId))
      .where(where)
      .orderBy(desc(emailMessages.sentAt), desc(emailMessages.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(emailMessages).innerJoin(emailThreads, eq(emailThreads.id, emailMessages.threadId)).where(where),
  ]);
  return { rows: rows.map((r) => toEmail(r.message, fullName(r.name, r.lastName))), total };
}
