import type { FastifyInstance } from "fastify";
import { createAccounting, type AccountingProvider } from "#api/integrations/accounting";

/** One accounting provider per app: the sandbox ledger unless XERO_CLIENT_ID and XERO_CLIENT_SECRET are set. */
const providers = new WeakMap<FastifyInstance, AccountingProvider>();

export function accountingOf(app: FastifyInstance): AccountingProvider {
  let provider = providers.get(app);
  if (!provider) {
    provider = createAccounting(app.database);
    providers.set(app, provider);
  }
  return provider;
}

/** Tests: put a provider in place (the Xero adapter against mocked HTTP). */
export const setAccounting = (app: FastifyInstance, provider: AccountingProvider) => providers.set(app, provider);
