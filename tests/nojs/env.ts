/**
 * Where the no-JavaScript layer's portal + API pair listens (started by tests/nojs/global-setup.ts).
 * Apart from the end-to-end instances (3100/4100, 3200/4200, and 3300/4300 and one more for the outage spec):
 * portal 3400, API 4400, both moved by E2E_PORT_OFFSET like those, so several runs can share one machine.
 */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

const portalPort = 3400 + PORT_OFFSET;
const apiPort = 4400 + PORT_OFFSET;

export const NOJS = {
  portalPort,
  apiPort,
  /** The flightDeck theme (by host name). */
  flightdeck: `http://flightdeck.localhost:${portalPort}`,
  /** The smallBusiness theme. */
  smallbusiness: `http://smallbusiness.localhost:${portalPort}`,
  /** Any other host: the default theme (flightDeck). */
  plain: `http://localhost:${portalPort}`,
  api: `http://127.0.0.1:${apiPort}`,
  /** Its own data folder, removed before every start. */
  dataDir: `.data-nojs/main${PORT_OFFSET ? `-${PORT_OFFSET}` : ""}`,
};

/** The one password of every demo user (api/db/seed.ts). */
export const PASSWORD = "demo-pass-2026";

export type Theme = "flightdeck" | "smallbusiness";

/** The demo users (README), with their theme and where the spec sends them after signing in. */
export const USERS = {
  /** Harbour Brokers: flightDeck, parent tenant, internal, every permission. */
  admin: { email: "admin@harbour.test", name: "Amelia", theme: "flightdeck", landing: "/dashboard" },
  /** Harbour Brokers, only task_view. */
  viewer: { email: "viewer@harbour.test", name: "Victor", theme: "flightdeck", landing: "/dashboard" },
  /** Harbour Brokers, not a front-end user: refused by the portal. */
  ops: { email: "ops@harbour.test", name: "Olive", theme: "flightdeck", landing: "/login" },
  /** Harbour Brokers, passes an e-mailed code step. */
  verify: { email: "verify@harbour.test", name: "Vera", theme: "flightdeck", landing: "/dashboard" },
  /** Northgate Advisers: flightDeck, neither internal nor small business, not a parent tenant. */
  adviser: { email: "adviser@northgate.test", name: "Aisha", theme: "flightdeck", landing: "/dashboard" },
  /** Bloom Bakery Ltd: smallBusiness. */
  owner: { email: "owner@bloom.test", name: "Olivia", theme: "smallbusiness", landing: "/dashboard" },
} as const satisfies Record<string, { email: string; name: string; theme: Theme; landing: string }>;

export type UserKey = keyof typeof USERS;

/** The users signed in once by the global set-up, whose cookies every test reuses. */
export const SIGNED_IN: UserKey[] = ["admin", "viewer", "verify", "adviser", "owner"];
