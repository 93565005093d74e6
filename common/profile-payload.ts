/**
 * The profile update payload (spec §3, §5): what the 'Edit Profile' drawer sends to
 * POST /api/v1/update-user-profile as multipart.
 * - `id` always; every other empty value is dropped (a blank field keeps its current value);
 * - names, e-mail, telephone and PIN are trimmed; passwords are sent exactly as typed;
 * - confirm password travels as `password_confirmation`;
 * - the PIN pair only for users with pin_is_allowed;
 * - the photo only when it changed (a file was chosen) or was cleared (`remove_profile_photo=1`);
 *   a chosen file wins over a ticked "remove".
 * Pure and isomorphic (no zod): the contract re-exports these names.
 */

export const PROFILE_TEXT_FIELDS = [
  "id",
  "name",
  "last_name",
  "email",
  "telephone",
  "current_password",
  "password",
  "password_confirmation",
  "pin",
  "confirm_pin",
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

export const PROFILE_PHOTO_FIELD = "profile_photo";
export const REMOVE_PROFILE_PHOTO_FIELD = "remove_profile_photo";

/** The spec's words. */
export const PROFILE_SUCCESS = "The profile details have been updated successfully.";
export const PROFILE_GENERIC_ERROR = "Oops, something went wrong!";

const TRIMMED = ["name", "last_name", "email", "telephone", "pin", "confirm_pin"] as const;
const AS_TYPED = ["current_password", "password", "password_confirmation"] as const;
const PIN_FIELDS = new Set<string>(["pin", "confirm_pin"]);

/** The fields the user can type into (everything but id). */
export type ProfileFormValues = Partial<Record<Exclude<ProfileTextField, "id">, string | null | undefined>>;

export interface ProfilePayloadInput {
  id: number | string;
  values: ProfileFormValues;
  /** The file chosen in the Profile Picture section, if any (an empty file input counts as none). */
  photo?: Blob | null;
  /** "Remove photo" ticked. */
  removePhoto?: boolean;
  pinAllowed: boolean;
}

export type PayloadEntry = [name: string, value: string | Blob];

/** The payload as ordered name/value pairs (easy to test, and to turn into FormData). */
export function profilePayloadEntries(input: ProfilePayloadInput): PayloadEntry[] {
  const out: PayloadEntry[] = [["id", String(input.id)]];
  for (const field of [...TRIMMED, ...AS_TYPED]) {
    if (PIN_FIELDS.has(field) && !input.pinAllowed) continue;
    const raw = input.values[field];
    if (typeof raw !== "string") continue;
    const value = (TRIMMED as readonly string[]).includes(field) ? raw.trim() : raw;
    if (value !== "") out.push([field, value]);
  }
  // Keep the order of the spec's payload list: text fields as listed, the photo last.
  out.sort((a, b) => PROFILE_TEXT_FIELDS.indexOf(a[0] as ProfileTextField) - PROFILE_TEXT_FIELDS.indexOf(b[0] as ProfileTextField));
  if (input.photo && input.photo.size > 0) out.push([PROFILE_PHOTO_FIELD, input.photo]);
  else if (input.removePhoto) out.push([REMOVE_PROFILE_PHOTO_FIELD, "1"]);
  return out;
}

/** The multipart body for the API. */
export function buildProfilePayload(input: ProfilePayloadInput): FormData {
  const form = new FormData();
  for (const [name, value] of profilePayloadEntries(input)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, (value as File).name || "profile-photo");
  }
  return form;
}
