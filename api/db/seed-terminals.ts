/**
 * Bloom Bakery's card terminals (the terminal app, smallBusiness): a shop location with two simulated readers of the
 * sandbox and a reader key, made through the same service as the portal's forms; its owner gets the demo PIN
 * (README, "Card terminals: terminal app and readers").
 */
import { eq } from "drizzle-orm";
import { SandboxTerminal } from "../integrations/payments";
import { hashPassword } from "../lib/passwords";
import { createLocation, registerReader, saveReaderKey } from "../modules/terminal-app/service";
import type { Database } from "./client";
import { companies, users } from "./schema";

/** The demo PIN of owner@bloom.test (profile, SB Pro Terminal), which unlocks the reader screen. */
export const DEMO_TERMINAL_PIN = "1357";
export const DEMO_READER_KEY_PASSWORD = "bloom-till-2026";

export async function seedTerminals(database: Database) {
  const [tenant] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Bloom Bakery Ltd"));
  if (!tenant) return;
  const terminal = new SandboxTerminal(database);
  await database.db
    .update(users)
    .set({ pinIsAllowed: true, pinHash: await hashPassword(DEMO_TERMINAL_PIN) })
    .where(eq(users.email, "owner@bloom.test"));
  const shop = await createLocation(database, terminal, tenant.id, {
    display_name: "Bloom Bakery, Market Street",
    line1: "14 Market Street",
    line2: null,
    city: "Bristol",
    postal_code: "BS1 1JQ",
  });
  await registerReader(database, terminal, tenant.id, { location_id: shop.id, label: "Front counter", registration_code: "simulated-wpe" });
  await registerReader(database, terminal, tenant.id, { location_id: shop.id, label: "Café tables", registration_code: "simulated-wp3" });
  await saveReaderKey(database.db, tenant.id, null, {
    location_id: shop.id,
    reader_name: "Front counter",
    password: DEMO_READER_KEY_PASSWORD,
    confirm_password: DEMO_READER_KEY_PASSWORD,
  });
}
