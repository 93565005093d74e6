import type { FastifyRequest } from "fastify";
import type { Db } from "#api/db/client";
import { auditEvents } from "#api/db/schema";

/** The security events the audit log records. */
export type AuditType =
  | "sign_in.succeeded"
  | "sign_in.failed"
  | "sign_in.code_sent"
  | "sign_in.throttled"
  | "sign_out"
  | "password.set"
  | "password.changed"
  | "password.reset"
  | "password_reset.sent"
  | "password_reset.unknown"
  | "password_reset.throttled"
  | "email.change_requested"
  | "email.changed"
  | "role.created"
  | "role.renamed"
  | "role.deleted"
  | "role.permissions_changed"
  | "user.roles_changed"
  | "record.deleted"
  | "export.created";

export interface AuditEvent {
  tenantId: number | null;
  userId: number | null;
  type: AuditType;
  /** What the event is about, e.g. 'role:12' or 'provider:<uuid>' or an e-mail address. */
  subject?: string | null;
  details?: Record<string, unknown>;
}

/** Records one security event. A failure to record never breaks the request that caused it. */
export async function audit(db: Db, request: FastifyRequest | null, event: AuditEvent): Promise<void> {
  try {
    await db.insert(auditEvents).values({
      tenantId: event.tenantId,
      userId: event.userId,
      type: event.type,
      subject: event.subject ?? null,
      ip: request?.ip ?? null,
      details: event.details ?? {},
    });
  } catch (error) {
    request?.log.error({ err: error }, "audit event not recorded");
  }
}

/** The same, from a route handler: tenant and user taken from the signed-in caller. */
export function auditFor(
  request: FastifyRequest,
  auth: { tenantId: number; userId: number },
  type: AuditType,
  subject?: string,
  details?: Record<string, unknown>,
) {
  return audit(request.server.database.db, request, { tenantId: auth.tenantId, userId: auth.userId, type, subject, details });
}
