import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { ensureReferenceData } from "./db/reference";
import { isSeeded, seedDemo } from "./db/seed";

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite"),
});
await database.migrate();
await ensureReferenceData(database.db);
const app = await buildApp({ config, database, logger: true });
if (config.SEED_DEMO === "if-empty" && !(await isSeeded(database))) {
  app.log.info("Empty database: seeding the demo tenants");
  await seedDemo(database, app.mail, config.PORTAL_URL);
}

if (config.JOBS_WORKER === "on") await app.jobs.startWorker();

// SIGTERM: stop taking requests and jobs; running jobs get JOBS_SHUTDOWN_SECONDS to finish (app.close).
async function shutdown() {
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

await app.listen({ port: config.API_PORT, host: config.API_HOST });
