import type { FastifyInstance } from "fastify";
import { createAccounting, type AccountingProvider } from "#api/integrations/accounting";

/**
 * One accounting provider per app: the sandbox ledger unless XERO_CLIENT_ID and XERO_CLIENT_SECRET are set. Kept
 * per database, which the app and every plugin scope of it (request.server) share.
 */
const providers = new WeakMap<object, AccountingProvider>();

export function accountingOf(app: FastifyInstance): AccountingProvider {
  let provider = providers.get(app.database);
  if (!provider) {
    provider = createAccounting(app.database);
    providers.set(app.database, provider);
  }
  return provider;
}

/** Tests: put a provider in place (the Xero adapter against mocked HTTP, a sandbox whose answers get lost). */
export const setAccounting = (app: FastifyInstance, provider: AccountingProvider) => providers.set(app.database, provider);
