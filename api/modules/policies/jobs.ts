import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import { todayInLondon } from "#common/dates";
import { policies } from "#api/db/schema";
import { HttpError } from "#api/http/errors";
import { defineJob } from "#api/jobs/define";
import { notify } from "#api/modules/notifications/notify";
import { sendPolicyEmail } from "./email";
import { addDays, endCoolingOff } from "./service";

/**
 * Ends cooling-off periods: every hour (UK time), each COOLING_OFF policy whose 14 days since inception are over
 * becomes BOUND, recorded in its activity as done by the system. Runs for all companies at once (no tenant).
 */
export const policyCoolingOffEnd = defineJob(
  "policy.cooling-off-end",
  z.object({
    today: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  async ({ today }, { database, log }) => {
    const changed = await endCoolingOff(database, today ?? todayInLondon());
    if (changed) log.info({ changed }, "cooling-off periods ended");
  },
  { schedule: "0 * * * *", retryLimit: 3, retryDelaySeconds: 60 },
);

/**
 * Sends the renewal e-mails of many policies (the list's bulk action, or every renewal due within `days`), once per
 * policy term each: a policy whose e-mail went already, or whose client has no e-mail address, is counted and
 * skipped. The user who asked is told how many were sent by a notification. Safe to run again after a crash: the
 * e-mails already sent are not sent twice.
 */
export const policyRenewalEmails = defineJob(
  "policy.renewal-emails",
  z.object({
    userId: z.number().int().positive(),
    ids: z.array(z.number().int().positive()).max(1000).optional(),
    days: z.union([z.literal(30), z.literal(60), z.literal(90)]).optional(),
  }),
  async ({ userId, ids, days }, { database, mail, tenantId }) => {
    if (tenantId === null) return;
    const today = todayInLondon();
    const rows = await database.db
      .select({ id: policies.id })
      .from(policies)
      .where(
        and(
          eq(policies.tenantId, tenantId),
          ids ? inArray(policies.id, ids.length ? ids : [0]) : undefined,
          days
            ? and(
                gte(policies.renewalDate, today),
                lte(policies.renewalDate, addDays(today, days)),
                inArray(policies.state, ["BOUND", "RENEWAL", "COOLING_OFF"]),
              )
            : undefined,
        ),
      )
      .orderBy(asc(policies.renewalDate), asc(policies.id))
      .limit(5000);
    let sent = 0;
    let already = 0;
    let noEmail = 0;
    for (const { id } of rows) {
      try {
        const result = await sendPolicyEmail(database, mail, { tenantId, userId }, id, "renewal");
        if (result.sent) sent++;
        else already++;
      } catch (e) {
        // A client without an e-mail address (422) or a policy deleted meanwhile (404): counted, not retried.
        if (e instanceof HttpError && (e.statusCode === 422 || e.statusCode === 404)) noEmail++;
        else throw e;
      }
    }
    const parts = [`${sent} sent`];
    if (already) parts.push(`${already} already sent this term`);
    if (noEmail) parts.push(`${noEmail} without an e-mail address`);
    await notify(database.db, {
      tenantId,
      userId,
      title: `Renewal e-mails: ${sent} sent`,
      desc: `Of ${rows.length} ${rows.length === 1 ? "policy" : "policies"}: ${parts.join(", ")}.`,
      link: days ? `/policies?renewal_due=${days}` : "/policies",
    });
  },
  { retryLimit: 3, retryDelaySeconds: 30 },
);
