import type { FastifyRequest } from "fastify";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { authTokens, permissions, rolePermissions, userRoles, users } from "#api/db/schema";
import { preparedPerDatabase } from "#api/db/prepared";
import { sessionExpired, unauthenticated } from "#api/http/errors";
import { hashToken } from "#api/lib/tokens";

export interface AuthContext {
  userId: number;
  tenantId: number;
  tokenId: number;
  permissions: Set<string>;
}

/** How often a token's last use is written back; requests within this window skip the write. */
const TOUCH_INTERVAL_MS = 30_000;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolves the bearer token to a user of a tenant. No token or an unknown one: 401. A token idle
 * longer than SESSION_IDLE_MINUTES, or older than SESSION_ABSOLUTE_HOURS: 400 'Session expired' (and
 * the token is revoked).
 */
export async function authenticate(request: FastifyRequest, { required }: { required: boolean }): Promise<AuthContext | null> {
  const token = bearer(request);
  if (!token) {
    if (required) throw unauthenticated();
    return null;
  }
  const { db } = request.server.database;
  const [row] = await tokenQuery(db).execute({ hash: hashToken(token) });
  if (!row) {
    if (required) throw unauthenticated();
    return null;
  }
  const idleMs = request.server.config.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = request.server.config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  const sinceLastUse = Date.now() - row.lastUsedAt.getTime();
  if (sinceLastUse > idleMs || Date.now() - row.createdAt.getTime() > absoluteMs) {
    await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, row.tokenId));
    throw sessionExpired();
  }
  if (sinceLastUse > TOUCH_INTERVAL_MS) {
    await db.update(authTokens).set({ lastUsedAt: new Date() }).where(eq(authTokens.id, row.tokenId));
  }
  return {
    userId: row.userId,
    tenantId: row.tenantId,
    tokenId: row.tokenId,
    permissions: new Set(row.permissions),
  };
}

type Db = FastifyRequest["server"]["database"]["db"];

/** The user's permission names, by their roles, as a text[] column. */
const permissionNames = (db: Db, userId: SQL | AnyPgColumn) =>
  sql<string[]>`array(${db
    .selectDistinct({ name: permissions.name })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId))})`;

/**
 * The token, its user and the user's permissions in one query, prepared once per database: it runs before
 * every signed-in request (on PostgreSQL a named statement, parsed and planned once per connection).
 */
const tokenQuery = preparedPerDatabase((db) =>
  db
    .select({
      tokenId: authTokens.id,
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
      userId: users.id,
      tenantId: users.tenantId,
      permissions: permissionNames(db, users.id),
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, sql.placeholder("hash")), isNull(authTokens.revokedAt), eq(users.status, "active")))
    .limit(1)
    .prepare("authenticate_token"),
);

export async function permissionsOf(db: Db, userId: number): Promise<Set<string>> {
  const [row] = await db
    .select({ names: permissionNames(db, sql`${userId}`) })
    .from(users)
    .where(eq(users.id, userId));
  return new Set(row?.names ?? []);
}
