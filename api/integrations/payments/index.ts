import type { Database } from "#api/db/client";
import { SandboxPayments } from "./sandbox";
import { StripePayments } from "./stripe";
import { SandboxTerminal } from "./terminal-sandbox";
import { StripeTerminal } from "./terminal-stripe";
import type { TerminalProvider } from "./terminal-types";
import type { PaymentsProvider } from "./types";

export * from "./types";
export { SandboxPayments } from "./sandbox";
export { StripePayments } from "./stripe";
export { connectFor } from "./connect";
export { recordedIntent } from "./recorded";

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

export * from "./terminal-types";
export { SandboxTerminal } from "./terminal-sandbox";
export { StripeTerminal } from "./terminal-stripe";

/** Card terminals: Stripe Terminal with STRIPE_SECRET_KEY, the simulated readers of the sandbox otherwise; one per database. */
const terminals = new WeakMap<Database, TerminalProvider>();
export function terminalFor(database: Database, env: { STRIPE_SECRET_KEY?: string }): TerminalProvider {
  let t = terminals.get(database);
  if (!t) {
    t = env.STRIPE_SECRET_KEY ? new StripeTerminal(env.STRIPE_SECRET_KEY) : new SandboxTerminal(database);
    terminals.set(database, t);
  }
  return t;
}
