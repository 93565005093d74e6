import { z } from "zod";
import { PROFILE_GENERIC_ERROR as GENERIC, PROFILE_SUCCESS } from "#common/profile-payload";
import { meSchema, PASSWORD_MIN_LENGTH } from "./auth";
import { idField } from "./ids";

// ---------------------------------------------------------------- profile (POST /api/v1/update-user-profile)

/**
 * The fields of the profile update payload (spec §3). Sent as multipart; every empty value is ignored,
 * so a field left blank keeps its current value. The photo is the file field `profile_photo`;
 * `remove_profile_photo=1` clears it (a new photo sent in the same request wins). The names live in
 * common/profile-payload.ts, which the portal builds the payload with.
 */
export { PROFILE_PHOTO_FIELD, PROFILE_TEXT_FIELDS, REMOVE_PROFILE_PHOTO_FIELD, type ProfileTextField } from "#common/profile-payload";

export const NAME_MAX = 100;
export const PASSWORD_MAX = 200;
export const PIN_PATTERN = /^\d{4,6}$/;

/** The API's messages, word for word (the portal shows them under each field). */
export const PROFILE_MESSAGES = {
  updated: PROFILE_SUCCESS,
  nameTooLong: `The name may not be longer than ${NAME_MAX} characters.`,
  lastNameTooLong: `The last name may not be longer than ${NAME_MAX} characters.`,
  emailInvalid: "The email must be a valid email address.",
  emailTaken: "The email has already been taken.",
  currentPasswordRequired: "Enter your current password to set a new one.",
  currentPasswordForEmail: "Enter your current password to change your e-mail address.",
  emailPending: "We have sent a link to your new e-mail address. Your address changes once you open it; until then the old one stays.",
  emailChangeInvalid: "This confirmation link is not valid or has expired. Change your e-mail address again to get a new one.",
  emailChanged: "Your e-mail address has been changed.",
  currentPasswordWrong: "The current password is incorrect.",
  passwordTooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `The password may not be longer than ${PASSWORD_MAX} characters.`,
  passwordMissing: "Enter the new password.",
  passwordMismatch: "The password confirmation does not match.",
  pinNotAllowed: "A PIN is not enabled for your account.",
  pinFormat: "The PIN must be 4 to 6 digits.",
  pinMissing: "Enter the PIN.",
  pinMismatch: "The PIN confirmation does not match.",
  notYou: "You can only update your own profile.",
} as const;

/** The portal's alert when the API's error names no field of the form (spec §5). */
export const PROFILE_GENERIC_ERROR = GENERIC;

/** 200: the message and the fresh current user (as GET /me). */
export const profileUpdateResponseSchema = z.object({ message: z.string(), data: meSchema, pending_email: z.string().nullable().optional() });

// ---------------------------------------------------------------- a user's roles (role administration)

export const userRolesBodySchema = z.object({
  role_ids: z.array(idField("Choose roles from the list."), { error: "Choose roles from the list." }).max(100, "Choose at most 100 roles."),
});
export type UserRolesBody = z.infer<typeof userRolesBodySchema>;

export const userRoleSchema = z.object({ id: z.number().int(), name: z.string() });
export const userRolesResponseSchema = z.object({ data: z.object({ user_id: z.number().int(), roles: z.array(userRoleSchema) }) });

export const USER_ROLE_MESSAGES = {
  unknownRole: "Choose roles from the list.",
  keepRoleAdmin: "You cannot take role administration away from yourself.",
} as const;
