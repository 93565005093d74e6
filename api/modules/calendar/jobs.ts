import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { eventTypeName } from "#contract/calendar";
import { reminders, users } from "#api/db/schema";
import { defineJob } from "#api/jobs/define";
import { notify } from "#api/modules/notifications/notify";

const enGb = (date: string, time: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} at ${time.slice(0, 5)}`;

/**
 * A reminder's time has come: a notification under the user's bell and, when the reminder asks for it, an e-mail
 * (through the mail provider: the outbox in the sandbox). Enqueued with pg-boss's startAfter for the reminder's
 * time, with the reminder's `job_version`: a reminder snoozed, moved or deleted since does nothing here, and one
 * that has fired is not fired again (the job may run twice: delivery is at least once).
 */
export const reminderDue = defineJob(
  "calendar.reminder-due",
  z.object({ reminderId: z.number().int().positive(), version: z.number().int().positive() }),
  async ({ reminderId, version }, { database, mail, config }) => {
    await database.transaction(async (tx) => {
      const [row] = await tx
        .select({ reminder: reminders, email: users.email })
        .from(reminders)
        .innerJoin(users, eq(users.id, reminders.userId))
        .where(and(eq(reminders.id, reminderId), eq(reminders.jobVersion, version), isNull(reminders.firedAt)))
        .for("update", { of: reminders })
        .limit(1);
      if (!row) return;
      const r = row.reminder;
      const when = enGb(r.startDate, r.startTime);
      await notify(tx, {
        tenantId: r.tenantId,
        userId: r.userId,
        title: `Reminder: ${r.name}`,
        desc: r.snoozedUntil ? `${eventTypeName(r.eventTypeId)} reminder (snoozed), set for ${when}.` : `${eventTypeName(r.eventTypeId)} reminder for ${when}.`,
        link: `/calendar/reminders/${r.id}`,
      });
      if (r.sendEmail) {
        await mail.send(
          {
            tenantId: r.tenantId,
            to: row.email,
            subject: `Reminder: ${r.name}`,
            text:
              `Hello,\n\nThis is your reminder "${r.name}", set for ${when}.` +
              (r.description ? `\n\n${r.description}` : "") +
              `\n\nOpen it at ${config.PORTAL_URL.replace(/\/$/, "")}/calendar/reminders/${r.id}`,
          },
          tx,
        );
      }
      await tx.update(reminders).set({ firedAt: new Date() }).where(eq(reminders.id, r.id));
    });
  },
  { retryLimit: 5, retryDelaySeconds: 30 },
);
