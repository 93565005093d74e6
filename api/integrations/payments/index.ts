import type { Database } from "#api/db/client";
import { SandboxPayments } from "./sandbox";
import { StripePayments } from "./stripe";
import type { PaymentsProvider } from "./types";

export * from "./types";
export { SandboxPayments } from "./sandbox";
export { StripePayments } from "./stripe";
export { connectFor } from "./connect";

/** STRIPE_SECRET_KEY selects Stripe; without it every payment goes to the sandbox (test mode, no money moves). */
export function createPayments(database: Database, env: { STRIPE_SECRET_KEY?: string }): PaymentsProvider {
  return env.STRIPE_SECRET_KEY ? new StripePayments(env.STRIPE_SECRET_KEY) : new SandboxPayments(database);
}

/** One provider per database (the API and its job worker share it, so a test's simulated outage reaches both). */
const providers = new WeakMap<Database, PaymentsProvider>();
export function paymentsFor(database: Database, env: { STRIPE_SECRET_KEY?: string }): PaymentsProvider {
  let p = providers.get(database);
  if (!p) {
    p = createPayments(database, env);
    providers.set(database, p);
  }
  return p;
}
