import { and, eq } from "drizzle-orm";
import { formatPence } from "#common/money";
import { POLICY_MESSAGES } from "#contract/policies";
import type { Database, Tx } from "#api/db/client";
import { companies, policyEmails } from "#api/db/schema";
import { HttpError, invalid } from "#api/http/errors";
import type { MailProvider } from "#api/integrations/mail";
import { findRow, getPolicy, recordActivity, type Actor } from "./service";

/** "16 November 2027": a date in a letter. */
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const formatDate = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));

export type PolicyEmailKind = "welcome" | "renewal";

export interface PolicyEmailResult {
  sent: boolean;
  message: string;
}

function emailText(kind: PolicyEmailKind, policy: Awaited<ReturnType<typeof getPolicy>>, company: string) {
  const money = `Premium ${formatPence(policy.premium_pence)}, IPT at ${policy.ipt_rate}% ${formatPence(policy.ipt_pence)}, fees ${formatPence(policy.fees_pence)}: ${formatPence(policy.total_pence)} in all.`;
  if (kind === "welcome")
    return {
      subject: `Welcome: your ${policy.product.name} policy ${policy.number}`,
      text:
        `Dear ${policy.client.name},\n\nThank you for placing your ${policy.product.name} insurance with ${company}.\n\n` +
        `Policy number: ${policy.number}\nInsurer: ${policy.product.insurer ?? "—"}\nCover starts: ${formatDate(policy.inception_date)}\n` +
        `Renewal date: ${formatDate(policy.renewal_date)}\n${money}\n\n` +
        `You have 14 days from the start of cover to cancel it (the cooling-off period).\n\nKind regards,\n${company}`,
    };
  return {
    subject: `Your ${policy.product.name} policy ${policy.number} renews on ${formatDate(policy.renewal_date)}`,
    text:
      `Dear ${policy.client.name},\n\nYour ${policy.product.name} policy ${policy.number} renews on ${formatDate(policy.renewal_date)}.\n` +
      `This year: ${money}\n\nIf anything has changed, or you would like us to review your cover before it renews, reply to this e-mail.\n\nKind regards,\n${company}`,
  };
}

/**
 * Sends a policy's welcome or renewal e-mail to its client, once per policy term: the term is the policy's renewal
 * date, and `policy_emails` holds one row per (policy, kind, term) — a second request, or two at the same moment,
 * sends nothing and answers `sent: false`. The e-mail, its row and the activity are one transaction.
 */
export async function sendPolicyEmail(database: Database, mail: MailProvider, actor: Actor, id: number, kind: PolicyEmailKind): Promise<PolicyEmailResult> {
  return database.transaction(async (tx) => sendInTransaction(tx, mail, actor, id, kind));
}

export async function sendInTransaction(tx: Tx, mail: MailProvider, actor: Actor, id: number, kind: PolicyEmailKind): Promise<PolicyEmailResult> {
  const row = await findRow(tx, actor.tenantId, id, true);
  const policy = await getPolicy(tx, actor.tenantId, id);
  if (!policy.client.email) throw invalid({ client: [POLICY_MESSAGES.noEmail] });
  const inserted = await tx
    .insert(policyEmails)
    .values({ tenantId: actor.tenantId, policyId: id, kind, termRenewalDate: row.renewalDate, toAddress: policy.client.email, sentBy: actor.userId })
    .onConflictDoNothing()
    .returning({ id: policyEmails.id });
  if (inserted.length === 0) return { sent: false, message: kind === "welcome" ? POLICY_MESSAGES.welcomeAlreadySent : POLICY_MESSAGES.renewalAlreadySent };
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, actor.tenantId)).limit(1);
  const { subject, text } = emailText(kind, policy, company?.name ?? "");
  try {
    await mail.send({ tenantId: actor.tenantId, to: policy.client.email, subject, text }, tx);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw new HttpError(502, "The e-mail could not be sent. Please try again.");
  }
  await recordActivity(tx, actor, id, `${kind}_email_sent`, { details: { to: policy.client.email, term_renewal_date: row.renewalDate } });
  return { sent: true, message: `The ${kind} e-mail was sent to ${policy.client.email}.` };
}

/** The e-mails sent for a policy (the detail page shows whether this term's went). */
export async function sentEmails(database: Database, tenantId: number, id: number) {
  return database.db
    .select({ kind: policyEmails.kind, term: policyEmails.termRenewalDate, to: policyEmails.toAddress, sentAt: policyEmails.sentAt })
    .from(policyEmails)
    .where(and(eq(policyEmails.tenantId, tenantId), eq(policyEmails.policyId, id)));
}
