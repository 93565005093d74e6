import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { pgliteOptions, wrapPglite } from "#api/db/client";
import { prepareDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dumped PGlite data directory: migrated, reference data and demo seed loaded. Empty on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Starting an empty PGlite costs seconds (initdb inside WASM); loading a dumped data directory costs
 * a fraction of that. So the seeded database is built once per run and every test file loads a copy.
 * On PostgreSQL (TEST_DATABASE_URL) each file creates its own database instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const client = new PGlite(pgliteOptions);
  await client.waitReady;
  const database = wrapPglite(client);
  let file = "";
  try {
    await prepareDatabase(database);
    const dump = await client.dumpDataDir("none");
    file = path.join(os.tmpdir(), `portal-api-tests-${process.pid}-${Date.now()}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplate", file);
  return () => rmSync(file, { force: true });
}
