import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Me } from "#contract/auth";
import { TELEPHONE_MESSAGES, TELEPHONE_PATTERN } from "#contract/providers";
import { NAME_MAX, PASSWORD_MAX, PIN_PATTERN, PROFILE_MESSAGES as M, PROFILE_PHOTO_FIELD, REMOVE_PROFILE_PHOTO_FIELD } from "#contract/users";
import { PASSWORD_MIN_LENGTH } from "#contract/auth";
import type { Database } from "#api/db/client";
import { authTokens, emailChanges, users } from "#api/db/schema";
import type { MailProvider } from "#api/integrations/mail";
import { hashToken, newToken } from "#api/lib/tokens";
import { HttpError, invalid } from "#api/http/errors";
import type { FormBody } from "#api/http/multipart";
import { checkImageUpload } from "#api/integrations/storage/image";
import type { Storage } from "#api/integrations/storage";
import { isUniqueViolation } from "#api/lib/db-errors";
import { newPasswordProblem } from "#api/lib/password-policy";
import { hashPassword, verifyPassword } from "#api/lib/passwords";
import { loadMe } from "../auth/me";

type Errors = Record<string, string[]>;

/** What a profile update changes, once every rule has passed. */
export interface ProfileChanges {
  name?: string;
  lastName?: string;
  email?: string;
  telephone?: string;
  password?: string;
  pin?: string;
  photo?: { bytes: Buffer; contentType: string; extension: string };
  removePhoto?: boolean;
}

/** Files are served by the API (and passed through by the portal) at /files/{key}. */
export const PHOTO_PREFIX = "/files/";
export const photoKeyOf = (path: string | null) => (path?.startsWith(PHOTO_PREFIX) ? path.slice(PHOTO_PREFIX.length) : null);

const emailFormat = z.string().email();

/** A text field's value: a string (the first of repeated ones), trimmed unless `raw`; empty is undefined (ignored). */
function text(fields: FormBody["fields"], name: string, raw = false): string | undefined {
  const v = (fields as Record<string, unknown>)[name];
  const first = Array.isArray(v) ? v[0] : v;
  if (first === undefined || first === null) return undefined;
  if (typeof first !== "string" && typeof first !== "number") return undefined;
  const s = raw ? String(first) : String(first).trim();
  return s === "" ? undefined : s;
}

const truthy = (v: string | undefined) => v === "1" || v === "true" || v === "on";

function telephoneError(s: string): string | null {
  if (s.length < 7 || s.length > 20) return TELEPHONE_MESSAGES.length;
  if (!TELEPHONE_PATTERN.test(s)) return TELEPHONE_MESSAGES.characters;
  if (s.replace(/\D/g, "").length < 7) return TELEPHONE_MESSAGES.digits;
  return null;
}

/**
 * Checks every field of a profile update against the user's record and answers what changes, or throws
 * one 422 with every field's errors. Empty values are ignored.
 */
export async function checkProfileUpdate(database: Database, userId: number, form: FormBody): Promise<ProfileChanges> {
  const { db } = database;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const { fields, files } = form;
  const errors: Errors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const changes: ProfileChanges = {};

  const id = text(fields, "id");
  if (id !== undefined && id !== String(userId)) throw new HttpError(403, M.notYou);

  const name = text(fields, "name");
  if (name !== undefined) {
    if (name.length > NAME_MAX) add("name", M.nameTooLong);
    else changes.name = name;
  }
  const lastName = text(fields, "last_name");
  if (lastName !== undefined) {
    if (lastName.length > NAME_MAX) add("last_name", M.lastNameTooLong);
    else changes.lastName = lastName;
  }

  // A new address needs the current password and is only taken once the link sent to it is opened
  // (confirmEmailChange); whether another account holds it is never said here.
  const email = text(fields, "email")?.toLowerCase();
  const currentForEmail = text(fields, "current_password", true);
  if (email !== undefined && email !== user.email.toLowerCase()) {
    if (email.length > 254 || !emailFormat.safeParse(email).success) add("email", M.emailInvalid);
    else if (currentForEmail === undefined) add("current_password", M.currentPasswordForEmail);
    else if (currentForEmail.length > PASSWORD_MAX || !(await verifyPassword(user.passwordHash, currentForEmail)))
      add("current_password", M.currentPasswordWrong);
    else changes.email = email;
  }

  const telephone = text(fields, "telephone");
  if (telephone !== undefined) {
    const problem = telephoneError(telephone);
    if (problem) add("telephone", problem);
    else changes.telephone = telephone;
  }

  // Passwords are taken as typed (spaces count), never trimmed.
  const password = text(fields, "password", true);
  const confirmation = text(fields, "password_confirmation", true);
  const current = text(fields, "current_password", true);
  if (password !== undefined) {
    const before = Object.keys(errors).length;
    if (password.length < PASSWORD_MIN_LENGTH) add("password", M.passwordTooShort);
    else if (password.length > PASSWORD_MAX) add("password", M.passwordTooLong);
    else {
      // The same policy as at invitation set-up: not a common password, not the user's e-mail address.
      const problem = newPasswordProblem(password, { email: user.email });
      if (problem) add("password", problem);
    }
    if (confirmation !== password) add("password_confirmation", M.passwordMismatch);
    if (current === undefined) add("current_password", M.currentPasswordRequired);
    else if (current.length > PASSWORD_MAX || !(await verifyPassword(user.passwordHash, current))) add("current_password", M.currentPasswordWrong);
    if (Object.keys(errors).length === before) changes.password = password;
  } else if (confirmation !== undefined) {
    add("password", M.passwordMissing);
  }

  const pin = text(fields, "pin");
  const confirmPin = text(fields, "confirm_pin");
  if (pin !== undefined || confirmPin !== undefined) {
    if (!user.pinIsAllowed) add("pin", M.pinNotAllowed);
    else if (pin === undefined) add("pin", M.pinMissing);
    else if (!PIN_PATTERN.test(pin)) add("pin", M.pinFormat);
    else if (confirmPin !== pin) add("confirm_pin", M.pinMismatch);
    else changes.pin = pin;
  }

  const photo = files[PROFILE_PHOTO_FIELD];
  if (photo) {
    try {
      const type = checkImageUpload(photo, PROFILE_PHOTO_FIELD, "profile photo");
      changes.photo = { bytes: photo.bytes, ...type };
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      for (const [field, messages] of Object.entries(e.errors)) for (const m of messages) add(field, m);
    }
  } else if (truthy(text(fields, REMOVE_PROFILE_PHOTO_FIELD))) {
    changes.removePhoto = true;
  }

  if (Object.keys(errors).length) throw invalid(errors);
  return changes;
}

/**
 * Applies a checked profile update: the new photo is stored first and the old one removed once the
 * record points at the new one; a new password signs the user's other sessions out. Answers the fresh user.
 */
export async function updateProfile(
  database: Database,
  storage: Storage,
  who: { userId: number; tokenId: number },
  form: FormBody,
  mail?: { provider: MailProvider; portalUrl: string },
): Promise<{ me: Me; pendingEmail: string | null }> {
  const changes = await checkProfileUpdate(database, who.userId, form);
  const { db } = database;
  const [before] = await db.select({ profilePhotoPath: users.profilePhotoPath }).from(users).where(eq(users.id, who.userId));

  const [passwordHash, pinHash] = await Promise.all([
    changes.password ? hashPassword(changes.password) : undefined,
    changes.pin ? hashPassword(changes.pin) : undefined,
  ]);
  const newKey = changes.photo ? await storage.put(changes.photo.bytes, { contentType: changes.photo.contentType, extension: changes.photo.extension }) : null;
  const set: Partial<typeof users.$inferInsert> = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
    ...(changes.telephone !== undefined ? { telephone: changes.telephone } : {}),
    ...(passwordHash ? { passwordHash } : {}),
    ...(pinHash ? { pinHash } : {}),
    ...(newKey ? { profilePhotoPath: `${PHOTO_PREFIX}${newKey}` } : changes.removePhoto ? { profilePhotoPath: null } : {}),
  };
  try {
    if (Object.keys(set).length) {
      await database.transaction(async (tx) => {
        await tx.update(users).set(set).where(eq(users.id, who.userId));
        if (passwordHash) {
          await tx
            .update(authTokens)
            .set({ revokedAt: new Date() })
            .where(and(eq(authTokens.userId, who.userId), ne(authTokens.id, who.tokenId), sql`${authTokens.revokedAt} is null`));
        }
      });
    }
  } catch (e) {
    if (newKey) await storage.delete(newKey);
    // Two users taking the same address at the same moment: the unique index decides.
    if (isUniqueViolation(e, "users_email_unique")) throw invalid({ email: [M.emailTaken] });
    throw e;
  }
  const oldKey = photoKeyOf(before.profilePhotoPath);
  if (oldKey && (newKey || changes.removePhoto)) await storage.delete(oldKey);
  if (changes.email !== undefined && mail) await requestEmailChange(database, mail.provider, mail.portalUrl, who.userId, changes.email);
  return { me: await loadMe(db, who.userId), pendingEmail: changes.email ?? null };
}

const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;

/**
 * A change of address waiting for proof: a link to the new address confirms it (any earlier link of the user's
 * stops working); the old address is told. Nothing is said about whether another account holds the new one.
 */
export async function requestEmailChange(database: Database, mail: MailProvider, portalUrl: string, userId: number, newEmail: string) {
  const { db } = database;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const token = newToken();
  await database.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({ userId, newEmail, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS) });
  });
  const link = `${portalUrl.replace(/\/$/, "")}/confirm-email/${token}`;
  await mail.send({
    tenantId: user.tenantId,
    to: newEmail,
    subject: "Confirm your new e-mail address",
    text: `Hello ${user.name},\n\nOpen this link to make ${newEmail} the address you sign in with: ${link}\n\nThe link works for 24 hours. If you did not ask for this, ignore this e-mail.`,
  });
  await mail.send({
    tenantId: user.tenantId,
    to: user.email,
    subject: "Your e-mail address is being changed",
    text: `Hello ${user.name},\n\nSomeone signed in as you asked to change your e-mail address to ${newEmail}. It changes only once the link sent there is opened; until then you keep signing in with this address.\n\nIf this was not you, change your password now and tell your administrator.`,
  });
}

/** Opens the link sent to a new address: the address becomes the user's (once; within 24 hours). */
export async function confirmEmailChange(database: Database, token: string): Promise<{ userId: number; tenantId: number; email: string }> {
  const invalidLink = () => new HttpError(404, M.emailChangeInvalid);
  return database.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date())))
      .returning();
    if (!change) throw invalidLink();
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId));
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, change.newEmail), ne(users.id, change.userId)))
      .limit(1);
    // Someone else holds it: the link simply does not work (the owner of that address opened it, so nothing is told).
    if (taken) throw invalidLink();
    await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
    return { userId: user.id, tenantId: user.tenantId, email: change.newEmail };
  });
}
