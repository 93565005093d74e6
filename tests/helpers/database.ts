import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";
import { loadConfig, type ApiConfig } from "#api/config";
import { openDatabase, pgliteOptions, wrapPglite, type Database } from "#api/db/client";
import { ensureReferenceData } from "#api/db/reference";
import { seedDemo } from "#api/db/seed";
import { createMail } from "#api/integrations/mail";
import { JobRunner } from "#api/jobs/runner";

/** The API configuration of tests: built from these values only, never from the caller's environment. */
export function testConfig(overrides: Record<string, string> = {}): ApiConfig {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORTAL_URL: "http://portal.test",
    MAIL_FROM: "Portal tests <no-reply@portal.test>",
    ...overrides,
  });
}

/**
 * Migrates, loads the permission catalogue, creates the job queue's tables and seeds the demo tenants (e-mail goes
 * to the sandbox outbox).
 */
export async function prepareDatabase(database: Database, config: ApiConfig = testConfig()) {
  await database.migrate();
  await ensureReferenceData(database.db);
  const mail = createMail(database.db, config);
  // In the PGlite template too, so that each test file's app finds them made.
  const jobs = new JobRunner({ database, mail, config, log: Fastify().log });
  await jobs.prepare();
  await jobs.stop();
  await seedDemo(database, mail, config.PORTAL_URL);
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and removes whatever was created for this test file. */
  dispose(): Promise<void>;
}

/**
 * A fresh database holding the migrated schema, the permission catalogue and the demo seed.
 * - TEST_DATABASE_URL set (an admin URL such as postgres://postgres@127.0.0.1:5432/postgres): a
 *   uniquely named database is created on that server (a copy of the run's template database when the global
 *   set-up made one, else migrated and seeded here), and dropped again by dispose().
 * - Otherwise PGlite in memory, loaded from the seeded template the global setup dumped (or built
 *   from scratch when no template is available).
 */
export async function createTestDatabase(options: { templateFile?: string; postgresTemplate?: string } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return createPostgresDatabase(adminUrl, options.postgresTemplate);

  if (options.templateFile) {
    const client = new PGlite({ ...pgliteOptions, loadDataDir: new Blob([readFileSync(options.templateFile)]) });
    await client.waitReady;
    const database = wrapPglite(client);
    // The template is already migrated and seeded; migrating again is a no-op that proves it.
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const database = await openDatabase({});
  await prepareDatabase(database);
  return { database, dispose: () => database.close() };
}

/** Runs one statement (CREATE or DROP DATABASE) on its own connection to the admin URL. */
export async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string) {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** The address of another database on the server of an admin URL. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresDatabase(adminUrl: string, template?: string): Promise<TestDatabase> {
  const name = `portal_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  const dispose = async () => {
    await database.close();
    await dropDatabase(adminUrl, name);
  };
  try {
    // A copy of the template is ready; migrating again is a no-op that proves it.
    if (template) await database.migrate();
    else await prepareDatabase(database);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { database, dispose };
}
