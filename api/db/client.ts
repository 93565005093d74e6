import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

/** PGlite with the extensions the migrations create (pg_trgm: the lists' search indexes). */
export const pgliteOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives: the same query surface as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs fn in one transaction (`config`: its isolation level and access mode, drizzle's). On PGlite (one connection)
   * transactions are queued, never interleaved.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Plain SQL on the underlying connection, outside drizzle: with values, one statement with $1… parameters;
   * without, a script of several statements (the answer is the last one's). Used by the job queue (api/jobs).
   */
  raw(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * fn's reads in one snapshot (a read-only repeatable-read transaction): what several statements read agrees, a
 * writer's transaction that commits meanwhile being seen whole or not at all. For a record read in parts (a row,
 * then its lines and history) that a background job may change while it is read.
 */
export const inOneSnapshot = <T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  database.transaction(fn, { isolationLevel: "repeatable read", accessMode: "read only" });

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseOptions {
  /** postgres://… for a real server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omit for an in-memory database. */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // A pooled client that errors while idle (server restart) must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      transaction: (fn, config) => db.transaction(fn, config),
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
      raw: async (text, values) => {
        const result = await pool.query(text, values?.length ? values : undefined);
        // A script answers one result per statement.
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, pgliteOptions);
  await client.waitReady;
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // PGlite's own transaction() holds its exclusive lock for the whole transaction, so statements
    // of other requests wait rather than run inside it.
    transaction: (fn, config) => db.transaction(fn, config),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    // Both wait for PGlite's lock, like drizzle's queries: never inside another caller's transaction.
    raw: async (text, values) => {
      if (values?.length) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}
