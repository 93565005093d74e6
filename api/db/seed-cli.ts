/** `npm run seed`: wipes the demo tenants and seeds them again. */
import path from "node:path";
import { loadConfig } from "../config";
import { createMail } from "../integrations/mail";
import { openDatabase } from "./client";
import { seedDemo, wipe } from "./seed";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite") });
await database.migrate();
await wipe(database);
await seedDemo(database, createMail(database.db, config), config.PORTAL_URL);
await database.close();
console.log("Demo data seeded.");
