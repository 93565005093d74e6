import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { CONNECT_STATUS_LABELS, requirementLabel } from "#common/terminal-orders";
import type { ConnectAccount } from "#contract/terminal-orders";
import type { Database, Db } from "#api/db/client";
import { companies, connectAccounts } from "#api/db/schema";
import { HttpError } from "#api/http/errors";
import { ConnectRequestError, PaymentProviderUnavailable, type ConnectProvider, type ProviderAccount } from "#api/integrations/payments/connect";

type AccountRow = typeof connectAccounts.$inferSelect;

const labelOf = (provider: "sandbox" | "stripe") => (provider === "sandbox" ? "Sandbox (test mode: Stripe Connect is not reached)" : "Stripe Connect");

function toAccount(row: AccountRow | undefined, provider: ConnectProvider): ConnectAccount {
  const kind = row?.provider ?? provider.kind;
  const status = row?.status ?? "not_started";
  return {
    status,
    status_label: CONNECT_STATUS_LABELS[status],
    account_id: row?.accountId ?? null,
    business_name: row?.businessName ?? null,
    requirements: (row?.requirements ?? []).map((code) => ({ code, label: requirementLabel(code) })),
    charges_enabled: status === "enabled",
    payouts_enabled: status === "enabled",
    provider: kind,
    sandbox: kind === "sandbox",
    provider_label: labelOf(kind),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

async function findRow(db: Db, tenantId: number) {
  const [row] = await db.select().from(connectAccounts).where(eq(connectAccounts.tenantId, tenantId));
  return row;
}

async function store(db: Db, row: AccountRow, a: ProviderAccount) {
  const [saved] = await db
    .update(connectAccounts)
    .set({ status: a.status, requirements: a.currentlyDue, businessName: a.businessName, updatedAt: new Date() })
    .where(eq(connectAccounts.id, row.id))
    .returning();
  return saved;
}

/**
 * The company's connected account as the provider sees it now (its state and what is missing are kept, so the
 * page still shows the last known state when the provider does not answer).
 */
export async function connectStatus(database: Database, provider: ConnectProvider, tenantId: number): Promise<ConnectAccount> {
  let row = await findRow(database.db, tenantId);
  if (row && row.provider === provider.kind) {
    try {
      row = await store(database.db, row, await provider.retrieveAccount(row.accountId));
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable) && !(error instanceof ConnectRequestError)) throw error;
    }
  }
  return toAccount(row, provider);
}

const providerFailure = (error: unknown): never => {
  if (error instanceof ConnectRequestError) {
    throw new HttpError(422, `Stripe Connect refused: ${error.message}`, { account: [error.message] }, { error: "STRIPE_ERROR" });
  }
  if (error instanceof PaymentProviderUnavailable) {
    throw new HttpError(502, "Stripe Connect did not answer. Nothing was changed; please try again.", undefined, { error: "ERROR" });
  }
  throw error;
};

/**
 * An onboarding link: the company's connected account is made the first time (once: the same idempotency key per
 * company), then a fresh one-time link that returns to `returnUrl`.
 */
export async function onboardingLink(
  database: Database,
  provider: ConnectProvider,
  tenantId: number,
  urls: { returnUrl: string; refreshUrl: string },
): Promise<{ url: string; expires_at: string }> {
  let row = await findRow(database.db, tenantId);
  try {
    if (!row || row.provider !== provider.kind) {
      const [company] = await database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, tenantId));
      const account = await provider.createAccount(
        { tenantId, businessName: company?.name },
        { idempotencyKey: `connect-account-${provider.kind}-${tenantId}` },
      );
      await database.db
        .insert(connectAccounts)
        .values({ tenantId, provider: provider.kind, accountId: account.id, status: account.status, requirements: account.currentlyDue })
        .onConflictDoUpdate({
          target: connectAccounts.tenantId,
          set: { provider: provider.kind, accountId: account.id, status: account.status, requirements: account.currentlyDue, updatedAt: new Date() },
        });
      row = (await findRow(database.db, tenantId))!;
    }
    const link = await provider.createAccountLink(row.accountId, urls, { idempotencyKey: `connect-link-${tenantId}-${randomUUID()}` });
    return { url: link.url, expires_at: link.expiresAt.toISOString() };
  } catch (error) {
    return providerFailure(error);
  }
}

/** After the sandbox's onboarding form: the company's stored state follows the account. */
export async function accountChanged(database: Database, accountId: string, account: ProviderAccount) {
  const [row] = await database.db.select().from(connectAccounts).where(eq(connectAccounts.accountId, accountId));
  if (row) await store(database.db, row, account);
}
