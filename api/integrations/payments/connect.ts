import type { Database } from "#api/db/client";
import { SandboxConnect } from "./connect-sandbox";
import { StripeConnect } from "./connect-stripe";
import type { ConnectProvider } from "./connect-types";

export * from "./connect-types";
export { SandboxConnect } from "./connect-sandbox";
export { StripeConnect } from "./connect-stripe";

/** STRIPE_SECRET_KEY selects Stripe Connect; without it, the sandbox (test mode: nothing is ordered or shipped). */
export function createConnect(database: Database, env: { STRIPE_SECRET_KEY?: string }): ConnectProvider {
  return env.STRIPE_SECRET_KEY ? new StripeConnect(env.STRIPE_SECRET_KEY) : new SandboxConnect(database);
}

/** One provider per database (the API and its job worker share it, so a test's simulated outage reaches both). */
const providers = new WeakMap<Database, ConnectProvider>();
export function connectFor(database: Database, env: { STRIPE_SECRET_KEY?: string }): ConnectProvider {
  let p = providers.get(database);
  if (!p) {
    p = createConnect(database, env);
    providers.set(database, p);
  }
  return p;
}
