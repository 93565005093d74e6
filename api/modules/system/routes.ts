import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { outboxMessages } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { routes } from "#api/http/route";

export default routes((r) => {
  r.get("/health", { access: { public: true } }, async ({ request, reply }) => {
    try {
      await request.server.database.db.execute(sql`select 1`);
      return { status: "ok", database: request.server.database.kind };
    } catch {
      reply.code(503);
      return { status: "unavailable", database: request.server.database.kind, message: "The database does not answer." };
    }
  });

  /**
   * The development outbox of the sandbox mail provider: what would have been e-mailed, to every company's
   * addresses. It exists only while the sandbox is the mail provider (no SMTP_URL), so it never shows real mail;
   * by default (SANDBOX_OUTBOX=local) only to a caller on this machine — its sign-in codes and set-up links would
   * let anyone who reaches the API into those accounts. The connection's own address decides, never a forwarded one.
   */
  r.get(
    "/sandbox/outbox",
    { access: { public: true }, query: z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }) },
    async ({ query, request }) => {
      const shown = request.server.config.SANDBOX_OUTBOX;
      if (request.server.mail.kind !== "sandbox" || shown === "off" || (shown === "local" && !isLoopback(request.socket.remoteAddress)))
        throw notFound("Outbox");
      const rows = await request.server.database.db
        .select()
        .from(outboxMessages)
        .where(query.to ? and(eq(outboxMessages.toAddress, query.to.toLowerCase())) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(query.limit);
      return {
        data: rows.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          attachments: m.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size: a.size })),
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
});

/** An address of this machine: 127.0.0.0/8, ::1, or IPv4 loopback written as IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}
