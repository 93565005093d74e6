/**
 * The background job worker as a process of its own (npm run worker): the same jobs as the API's in-process
 * worker, on the same PostgreSQL (DATABASE_URL). Run API processes with JOBS_WORKER=off beside any number of
 * these. PGlite is one process's database, so without DATABASE_URL the worker runs inside the API only.
 */
import Fastify from "fastify";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createMail } from "./integrations/mail";
import { createStorage } from "./integrations/storage";
import { JobRunner } from "./jobs/runner";

const config = loadConfig();
// Fastify's logger (pino), the same lines as the API's; no server is started.
const log = Fastify({ logger: { level: config.LOG_LEVEL } }).log;
if (!config.DATABASE_URL) {
  log.error("npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the worker runs inside the API (npm start, JOBS_WORKER=on).");
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL });
// Migrated like the API does it, so that a worker may start first; pg-boss makes its own tables (prepare).
await database.migrate();
const runner = new JobRunner({ database, mail: createMail(database.db, config), storage: createStorage(config.DATA_DIR), config, log });
await runner.startWorker();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping the job worker");
  await runner.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
