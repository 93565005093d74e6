import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { ForgotPasswordBody, LoginBody, LoginResponse } from "#contract/auth";
import { EMAIL_VERIFICATION_REQUIRED, FORGOT_PASSWORD_SENT, PASSWORD_RESET_DONE, PASSWORD_RESET_TTL_MINUTES, RESET_LINK_INVALID } from "#contract/auth";
import type { Database } from "#api/db/client";
import { authTokens, companies, emailVerifications, passwordResets, userInvitations, users } from "#api/db/schema";
import type { MailProvider } from "#api/integrations/mail";
import { HttpError, invalid, notFound } from "#api/http/errors";
import { DUMMY_HASH, hashPassword, verifyPassword } from "#api/lib/passwords";
import { hashToken, newNumericCode, newToken, safeEqualHex } from "#api/lib/tokens";
import { newPasswordProblem } from "#api/lib/password-policy";
import { audit } from "../audit/audit";
import { acceptTeamInvitations } from "../teams/service";
import { loadMe } from "./me";
import { needsSecondStep, recordAttempt, takeCheck, takeResetRequest } from "./throttle";

export const BAD_CREDENTIALS = "These credentials do not match our records.";
const VERIFICATION_TTL_MS = 15 * 60_000;
/** Wrong codes per sign-in attempt, whatever number of codes was sent for it. */
export const VERIFICATION_MAX_ATTEMPTS = 5;
/** Codes sent again per sign-in attempt, and the least time between two. */
export const VERIFICATION_MAX_RESENDS = 5;
export const RESEND_INTERVAL_SECONDS = 60;

async function issueToken(database: Database, userId: number): Promise<LoginResponse> {
  const token = newToken();
  await database.db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
  // The teams they were invited to by e-mail are theirs from this sign-in on.
  await acceptTeamInvitations(database.db, userId);
  const user = await loadMe(database.db, userId);
  return {
    message: "Login successful.",
    token,
    user,
    tenant: { company: user.company },
    is_front_end_user: await isFrontEndUser(database, userId),
    root_token: null,
  };
}

async function isFrontEndUser(database: Database, userId: number) {
  const [u] = await database.db.select({ v: users.isFrontEndUser }).from(users).where(eq(users.id, userId));
  return u?.v ?? false;
}

export async function login(database: Database, mail: MailProvider, body: LoginBody, request: FastifyRequest) {
  const checkpoint = await takeCheck(database.db, body.email, request.ip).catch(async (error) => {
    await audit(database.db, request, { tenantId: null, userId: null, type: "sign_in.throttled", subject: body.email.toLowerCase() });
    throw error;
  });
  const [row] = await database.db
    .select({ user: users, companyUuid: companies.uuid })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.tenantId))
    .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()))
    .limit(1);
  const passwordOk = await verifyPassword(row?.user.passwordHash ?? DUMMY_HASH, body.password);
  const companyOk = !body.company_uuid || row?.companyUuid === body.company_uuid;
  const ok = Boolean(row && passwordOk && companyOk && row.user.status === "active");
  await checkpoint.settle(ok);
  // The right password from an unknown address, while the account is under attack, is only a first step.
  const secondStep = ok && (row!.user.requiresEmailVerification || (await needsSecondStep(database.db, body.email, request.ip)));
  // A sign-in counts as one from this address (which makes it known) only once it is complete.
  if (!ok || !secondStep) await recordAttempt(database.db, body.email, request.ip, ok);
  await audit(database.db, request, {
    tenantId: row?.user.tenantId ?? null,
    userId: row?.user.id ?? null,
    type: ok ? (secondStep ? "sign_in.code_sent" : "sign_in.succeeded") : "sign_in.failed",
    subject: body.email.toLowerCase(),
  });
  if (!row || !ok) {
    throw invalid({ email: [BAD_CREDENTIALS] });
  }
  if (secondStep) {
    const verificationToken = newToken();
    const code = newNumericCode();
    await database.db.insert(emailVerifications).values({
      userId: row.user.id,
      tokenHash: hashToken(verificationToken),
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    await sendCode(mail, row.user, code);
    return { message: EMAIL_VERIFICATION_REQUIRED, verification_token: verificationToken, email: row.user.email };
  }
  return issueToken(database, row.user.id);
}

async function sendCode(mail: MailProvider, user: typeof users.$inferSelect, code: string) {
  await mail.send({
    tenantId: user.tenantId,
    to: user.email,
    subject: "Your sign-in code",
    text: `Hello ${user.name},\n\nYour sign-in code is ${code}. It expires in 15 minutes.\n\nIf you did not try to sign in, you can ignore this e-mail.`,
  });
}

async function openVerification(database: Database, verificationToken: string) {
  const [v] = await database.db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.tokenHash, hashToken(verificationToken)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, new Date())))
    .limit(1);
  if (!v)
    throw new HttpError(422, "This sign-in code has expired. Sign in again to get a new one.", {
      code: ["This sign-in code has expired. Sign in again to get a new one."],
    });
  return v;
}

export const TOO_MANY_CODES = "Too many wrong codes. Sign in again to get a new one.";
export const TOO_MANY_RESENDS = "No more codes can be sent for this sign-in. Sign in again to get a new one.";
export const RESEND_TOO_SOON = "A code was sent less than a minute ago. Please wait a moment before asking for another.";

export async function verifyEmail(database: Database, body: { verification_token: string; code: string }, request: FastifyRequest) {
  const v = await openVerification(database, body.verification_token);
  // A guess is counted before it is compared, in one conditional statement: however many arrive at once, no
  // more than the limit are compared, and sending the code again gives no new guesses.
  const [guess] = await database.db
    .update(emailVerifications)
    .set({ attempts: sql`${emailVerifications.attempts} + 1` })
    .where(and(eq(emailVerifications.id, v.id), lt(emailVerifications.attempts, VERIFICATION_MAX_ATTEMPTS)))
    .returning({ attempts: emailVerifications.attempts });
  if (!guess) throw invalid({ code: [TOO_MANY_CODES] });
  if (!safeEqualHex(v.codeHash, hashToken(body.code))) {
    if (guess.attempts >= VERIFICATION_MAX_ATTEMPTS) throw invalid({ code: [TOO_MANY_CODES] });
    throw invalid({ code: ["That code is not right. Check the e-mail and try again."] });
  }
  // Marked used only if still unused, so a code sent twice at once signs in once.
  const used = await database.db
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(and(eq(emailVerifications.id, v.id), isNull(emailVerifications.usedAt)))
    .returning({ id: emailVerifications.id });
  if (used.length === 0) await openVerification(database, body.verification_token); // throws: already used
  const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, v.userId));
  // The sign-in is complete: this address is now one the account signed in from.
  if (user) await recordAttempt(database.db, user.email, request.ip, true);
  return issueToken(database, v.userId);
}

/**
 * Sends a new code for the same sign-in attempt: at most one a minute and VERIFICATION_MAX_RESENDS in all, taken
 * by one conditional statement; the wrong guesses made so far still count.
 */
export async function resendVerification(database: Database, mail: MailProvider, verificationToken: string) {
  const v = await openVerification(database, verificationToken);
  if (v.attempts >= VERIFICATION_MAX_ATTEMPTS) throw invalid({ code: [TOO_MANY_CODES] });
  const code = newNumericCode();
  const ev = emailVerifications;
  const [sent] = await database.db
    .update(ev)
    .set({ codeHash: hashToken(code), resends: sql`${ev.resends} + 1`, lastSentAt: sql`now()` })
    .where(
      and(
        eq(ev.id, v.id),
        isNull(ev.usedAt),
        lt(ev.resends, VERIFICATION_MAX_RESENDS),
        lt(ev.attempts, VERIFICATION_MAX_ATTEMPTS),
        sql`${ev.lastSentAt} <= now() - make_interval(secs => ${RESEND_INTERVAL_SECONDS})`,
      ),
    )
    .returning({ id: ev.id });
  if (!sent) {
    if (v.resends >= VERIFICATION_MAX_RESENDS) throw new HttpError(429, TOO_MANY_RESENDS, { code: [TOO_MANY_RESENDS] });
    throw new HttpError(429, RESEND_TOO_SOON, { code: [RESEND_TOO_SOON] });
  }
  const [user] = await database.db.select().from(users).where(eq(users.id, v.userId));
  await sendCode(mail, user, code);
}

export async function logout(database: Database, tokenId: number) {
  await database.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
}

const INVALID_INVITATION = "This invitation link is not valid or has expired.";

async function openInvitation(database: Database, userUuid: string, token: string) {
  const [row] = await database.db
    .select({ invitation: userInvitations, user: users, company: companies })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(companies, eq(companies.id, users.tenantId))
    .where(
      and(eq(users.uuid, userUuid), eq(userInvitations.tokenHash, hashToken(token)), isNull(userInvitations.usedAt), gt(userInvitations.expiresAt, new Date())),
    )
    .limit(1);
  if (!row) throw new HttpError(404, INVALID_INVITATION);
  return row;
}

export async function showInvitation(database: Database, userUuid: string, token: string) {
  const { user, company } = await openInvitation(database, userUuid, token);
  return { data: { uuid: user.uuid, email: user.email, name: user.name, company: { uuid: company.uuid, name: company.name } } };
}

export async function completeInvitation(database: Database, userUuid: string, token: string, password: string, request: FastifyRequest) {
  const { invitation, user, company } = await openInvitation(database, userUuid, token);
  const problem = newPasswordProblem(password, user);
  if (problem) throw invalid({ password: [problem] });
  const passwordHash = await hashPassword(password);
  await database.transaction(async (tx) => {
    // Claimed only if still unused, so an invitation sent twice at once sets the password once.
    const claimed = await tx
      .update(userInvitations)
      .set({ usedAt: new Date() })
      .where(and(eq(userInvitations.id, invitation.id), isNull(userInvitations.usedAt)))
      .returning({ id: userInvitations.id });
    if (claimed.length === 0) throw new HttpError(404, INVALID_INVITATION);
    await tx.update(users).set({ passwordHash, status: "active" }).where(eq(users.id, user.id));
  });
  await audit(database.db, request, { tenantId: user.tenantId, userId: user.id, type: "password.set", subject: user.email });
  return { message: "Your account is ready. Sign in with your new password.", company: { uuid: company.uuid } };
}

/** Creates an invitation for a user and e-mails the set-up link. Returns the raw token (for the caller's tests). */
export async function inviteUser(database: Database, mail: MailProvider, portalUrl: string, userId: number, ttlDays = 7) {
  const token = newToken();
  await database.db.insert(userInvitations).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlDays * 86_400_000) });
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  const link = `${portalUrl.replace(/\/$/, "")}/user-setup/${user.uuid}/${token}`;
  await mail.send({
    tenantId: user.tenantId,
    to: user.email,
    subject: "You have been invited",
    text: `Hello ${user.name},\n\nSet up your account here: ${link}\n\nThe link works for ${ttlDays} days.`,
  });
  return { token, link };
}

/**
 * "Forgot password?": e-mails an active account of that address (of that company, on a company's sign-in page)
 * a one-use link that expires after PASSWORD_RESET_TTL_MINUTES. The answer is the same whether or not the address
 * is known; requests are limited like sign-in attempts.
 */
export async function requestPasswordReset(database: Database, mail: MailProvider, portalUrl: string, body: ForgotPasswordBody, request: FastifyRequest) {
  await takeResetRequest(database.db, body.email, request.ip).catch(async (error) => {
    await audit(database.db, request, { tenantId: null, userId: null, type: "password_reset.throttled", subject: body.email.toLowerCase() });
    throw error;
  });
  const [row] = await database.db
    .select({ user: users, companyUuid: companies.uuid })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.tenantId))
    .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()))
    .limit(1);
  const known = Boolean(row && row.user.status === "active" && (!body.company_uuid || row.companyUuid === body.company_uuid));
  await audit(database.db, request, {
    tenantId: row?.user.tenantId ?? null,
    userId: known ? row!.user.id : null,
    type: known ? "password_reset.sent" : "password_reset.unknown",
    subject: body.email.toLowerCase(),
  });
  if (known) {
    const user = row!.user;
    const token = newToken();
    await database.transaction(async (tx) => {
      // Only the newest link works: any earlier one still open is closed.
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await tx
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000) });
      const link = `${portalUrl.replace(/\/$/, "")}/reset-password/${token}`;
      await mail.send(
        {
          tenantId: user.tenantId,
          to: user.email,
          subject: "Choose a new password",
          text: `Hello ${user.name},\n\nChoose a new password here: ${link}\n\nThe link works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`,
        },
        tx,
      );
    });
  }
  return { message: FORGOT_PASSWORD_SENT };
}

async function openReset(database: Database, token: string) {
  const [row] = await database.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()), eq(users.status, "active")),
    )
    .limit(1);
  if (!row) throw new HttpError(404, RESET_LINK_INVALID);
  return row;
}

/** Whether a reset link still works (the page asks before showing the new-password form). */
export async function showPasswordReset(database: Database, token: string) {
  const { user } = await openReset(database, token);
  return { data: { email: user.email } };
}

/** Sets the new password through a reset link, once: the link is claimed in the same transaction, and every session of the account ends. */
export async function completePasswordReset(database: Database, token: string, password: string, request: FastifyRequest) {
  const { reset, user } = await openReset(database, token);
  const problem = newPasswordProblem(password, user);
  if (problem) throw invalid({ password: [problem] });
  const passwordHash = await hashPassword(password);
  await database.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw new HttpError(404, RESET_LINK_INVALID);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt)));
  });
  await audit(database.db, request, { tenantId: user.tenantId, userId: user.id, type: "password.reset", subject: user.email });
  return { message: PASSWORD_RESET_DONE };
}
