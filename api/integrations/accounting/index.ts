import type { Database } from "#api/db/client";
import { SandboxAccounting } from "./sandbox";
import type { AccountingProvider } from "./types";
import { XeroAccounting } from "./xero";

export * from "./types";
export { SandboxAccounting, SANDBOX_LABEL, SANDBOX_CALLS_PER_MINUTE } from "./sandbox";
export { XeroAccounting, XERO_LABEL } from "./xero";

export interface AccountingEnv {
  XERO_CLIENT_ID?: string;
  XERO_CLIENT_SECRET?: string;
  XERO_TENANT_ID?: string;
  XERO_SCOPES?: string;
}

export const DEFAULT_XERO_SCOPES = "accounting.transactions accounting.settings.read accounting.contacts";

/** XERO_CLIENT_ID and XERO_CLIENT_SECRET select Xero; without them the documents go to the sandbox ledger. */
export function createAccounting(database: Database, env: AccountingEnv & Record<string, string | undefined> = process.env): AccountingProvider {
  if (env.XERO_CLIENT_ID && env.XERO_CLIENT_SECRET) {
    return new XeroAccounting({
      clientId: env.XERO_CLIENT_ID,
      clientSecret: env.XERO_CLIENT_SECRET,
      tenantId: env.XERO_TENANT_ID ?? "",
      scopes: (env.XERO_SCOPES || DEFAULT_XERO_SCOPES).split(/\s+/).filter(Boolean),
    });
  }
  return new SandboxAccounting(database);
}
