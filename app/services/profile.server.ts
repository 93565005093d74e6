import type { Me } from "#contract/auth";
import { profileUpdateResponseSchema } from "#contract/users";
import {
  buildProfilePayload,
  PROFILE_GENERIC_ERROR,
  PROFILE_PHOTO_FIELD,
  PROFILE_TEXT_FIELDS,
  REMOVE_PROFILE_PHOTO_FIELD,
  type ProfileFormValues,
} from "#common/profile-payload";
import { ApiValidationError, type Api } from "./api.server";
import { chosenFile } from "./forms.server";
import { isOutage } from "./outage.server";

/** The fields of the drawer that can carry an error from the API. */
const FORM_FIELDS = new Set<string>([...PROFILE_TEXT_FIELDS.filter((f) => f !== "id"), PROFILE_PHOTO_FIELD]);

export type ProfileOutcome = { ok: true; user: Me; notice: string | null } | { ok: false; fieldErrors: Record<string, string[]>; formErrors: string[] };

/**
 * Sends the drawer's form to POST /api/v1/update-user-profile as multipart (empty values dropped, the
 * photo only when changed or cleared). The API's field errors go under their fields; an error that names
 * no field of the form (or any other failure) is the spec's alert 'Oops, something went wrong!'.
 */
export async function updateProfile(api: Api, user: Pick<Me, "id" | "pin_is_allowed">, form: FormData): Promise<ProfileOutcome> {
  const values: ProfileFormValues = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    if (field === "id") continue;
    const v = form.get(field);
    if (typeof v === "string") values[field] = v;
  }
  const body = buildProfilePayload({
    id: user.id,
    values,
    photo: chosenFile(form, PROFILE_PHOTO_FIELD),
    removePhoto: form.get(REMOVE_PROFILE_PHOTO_FIELD) !== null,
    pinAllowed: user.pin_is_allowed,
  });
  try {
    const res = await api.post("/api/v1/update-user-profile", { body, schema: profileUpdateResponseSchema });
    // A new e-mail address waits for the link sent to it: the API's message says so.
    return { ok: true, user: res.data, notice: res.pending_email ? res.message : null };
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error; // signed out
    if (error instanceof ApiValidationError) {
      const fieldErrors = Object.fromEntries(Object.entries(error.body.errors ?? {}).filter(([k]) => FORM_FIELDS.has(k)));
      if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors, formErrors: [] };
    }
    if (isOutage(error)) throw error; // the action's answer: the form back as typed
    return { ok: false, fieldErrors: {}, formErrors: [PROFILE_GENERIC_ERROR] };
  }
}
