import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { companies, teamInvitations, teams, users } from "#api/db/schema";
import { defineJob } from "#api/jobs/define";

const fullName = (u: { name: string; lastName: string }) => [u.name, u.lastName].filter(Boolean).join(" ");

/**
 * The e-mail inviting an address to a team, sent after the invitation is saved (enqueued in the same
 * transaction). An invitation cancelled or accepted before the job runs gets no e-mail. A failed send is
 * retried with backoff; the job's state (GET /jobs) says why it failed.
 */
export const teamInvitationEmail = defineJob(
  "team.invitation-email",
  z.object({ invitationId: z.number().int().positive() }),
  async ({ invitationId }, { database, mail, config, tenantId }) => {
    const [row] = await database.db
      .select({
        email: teamInvitations.email,
        team: teams.name,
        company: companies.name,
        name: users.name,
        lastName: users.lastName,
      })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .innerJoin(companies, eq(companies.id, teamInvitations.tenantId))
      .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
      .where(and(eq(teamInvitations.id, invitationId), isNull(teamInvitations.cancelledAt), isNull(teamInvitations.acceptedAt)));
    if (!row) return;
    // The inviter's account may have been deleted since.
    const inviter = row.name !== null ? fullName({ name: row.name, lastName: row.lastName ?? "" }) : "A colleague";
    await mail.send({
      tenantId,
      to: row.email,
      subject: `You are invited to join the ${row.team} team at ${row.company}`,
      text:
        `Hello,\n\n${inviter} has invited you to join the ${row.team} team at ${row.company}.\n\n` +
        `Sign in at ${config.PORTAL_URL.replace(/\/$/, "")}/login to see your team. If you do not have an account with ${row.company} yet, ` +
        `${row.name ?? "They"} will send you one.\n\nIf you were not expecting this invitation, you can ignore this e-mail.`,
    });
  },
  { retryLimit: 5, retryDelaySeconds: 30 },
);
