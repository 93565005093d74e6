import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteOptions, wrapPglite } from "#api/db/client";
import { adminQuery, databaseUrl, dropDatabase, prepareDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dumped PGlite data directory: migrated, reference data and demo seed loaded. Empty on PostgreSQL. */
    pgliteTemplate: string;
    /** On PostgreSQL: a database, migrated, reference data and demo seed loaded, that each test file copies. Empty on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Migrating and seeding a database costs seconds (on PGlite an empty start also runs initdb inside WASM); copying a
 * prepared one costs a fraction of that. So the seeded database is built once per run and every test file gets a
 * copy: on PGlite a dumped data directory it loads, on PostgreSQL (TEST_DATABASE_URL) a template database that
 * CREATE DATABASE … TEMPLATE copies. The api and security projects both name this set-up and vitest runs it once per
 * project, one after the other, before any test file starts: the second call answers with the first one's template
 * (kept on the runner process's globalThis, which both calls share), so a run prepares one, not two.
 */
export default async function setup(project: TestProject) {
  const shared = globalThis as { apiTestTemplate?: Promise<Template> };
  const first = !shared.apiTestTemplate;
  shared.apiTestTemplate ??= prepareTemplate();
  const template = await shared.apiTestTemplate;
  project.provide("pgliteTemplate", template.pgliteTemplate);
  project.provide("postgresTemplate", template.postgresTemplate);
  // Removed once, by the first project's teardown (vitest tears the set-ups down after every test file is done).
  return first ? template.remove : undefined;
}

interface Template {
  pgliteTemplate: string;
  postgresTemplate: string;
  remove: () => Promise<void>;
}

async function prepareTemplate(): Promise<Template> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = await createPostgresTemplate(adminUrl);
    return { pgliteTemplate: "", postgresTemplate: name, remove: () => dropDatabase(adminUrl, name) };
  }
  const client = new PGlite(pgliteOptions);
  await client.waitReady;
  const database = wrapPglite(client);
  let file = "";
  try {
    await prepareDatabase(database);
    // Written out of the log first, so that each copy starts without replaying it.
    await client.query("CHECKPOINT");
    const dump = await client.dumpDataDir("none");
    file = path.join(os.tmpdir(), `portal-api-tests-${process.pid}-${Date.now()}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { pgliteTemplate: file, postgresTemplate: "", remove: async () => rmSync(file, { force: true }) };
}

async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `portal_test_template_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  try {
    // Closed before any copy is made: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
    try {
      await prepareDatabase(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(adminUrl, name);
    throw error;
  }
  return name;
}
