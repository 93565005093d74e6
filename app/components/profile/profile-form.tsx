import { getFormProps, getInputProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useEffect, useState, type ChangeEvent, type ReactNode } from "react";
import { IMAGE_ONLY_MESSAGE, matchesAccept } from "#common/file-types";
import { PROFILE_PHOTO_FIELD, PROFILE_SUCCESS, REMOVE_PROFILE_PHOTO_FIELD } from "#common/profile-payload";
import { SAVE_INTENT, useFormResult } from "../form/form-result";
import { Field, FieldFrame, FormAlert, PasswordField } from "../form/field";
import { Form } from "../form/form";

export interface ProfileUser {
  id: number;
  name: string;
  last_name: string;
  email: string;
  telephone: string | null;
  profile_photo_path: string | null;
  pin_is_allowed: boolean;
  has_pin: boolean;
}

export interface ProfileFormProps {
  user: ProfileUser;
  /** Where Cancel and Done go (the page the drawer was opened on). */
  closeTo: string;
  /** The form's own URL (keeps `from`). */
  action: string;
  saving: boolean;
}

function Section({ title, children, description }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-200 pb-4 pt-2 last:border-b-0">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {description ? <p className="mt-1 text-xs text-slate-500">{description}</p> : null}
      <div className="mt-2">{children}</div>
    </section>
  );
}

function initials(u: ProfileUser) {
  return `${u.name.slice(0, 1)}${u.last_name.slice(0, 1)}`.toUpperCase();
}

/** Profile Picture: the current photo (or the chosen one, previewed with JavaScript), a file input for image/*, and "Remove photo". */
function PhotoSection({ user, errors }: { user: ProfileUser; errors?: string[] }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return file && matchesAccept("image/*", file) ? URL.createObjectURL(file) : null;
    });
    const error = file && !matchesAccept("image/*", file) ? IMAGE_ONLY_MESSAGE : null;
    event.currentTarget.setCustomValidity(error ?? "");
    setClientError(error);
  }

  const shown = preview ?? (removing ? null : user.profile_photo_path);
  const id = "profile-photo";
  return (
    <Section title="Profile Picture">
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt="Profile photo"
            width={64}
            height={64}
            className="h-16 w-16 rounded-full object-cover ring-1 ring-slate-200"
            data-photo-preview
          />
        ) : (
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-brand text-lg font-semibold text-brand-ink">
            {initials(user)}
          </span>
        )}
        <FieldFrame
          id={id}
          label="Upload a photo"
          errors={clientError ? [clientError] : errors}
          help="An image (PNG, JPEG, GIF or WebP), up to 2 MB."
          className="min-w-0 flex-1"
        >
          <input
            id={id}
            name={PROFILE_PHOTO_FIELD}
            type="file"
            accept="image/*"
            onChange={choose}
            aria-invalid={Boolean(clientError || errors?.length) || undefined}
            aria-describedby={`${id}-error ${id}-help`}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
          />
        </FieldFrame>
      </div>
      {user.profile_photo_path ? (
        <label className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name={REMOVE_PROFILE_PHOTO_FIELD}
            value="1"
            className="h-4 w-4 rounded border-slate-300"
            onChange={(e) => setRemoving(e.currentTarget.checked)}
          />
          Remove photo
        </label>
      ) : null}
    </Section>
  );
}

/** The form's fields (as conform sees them). */
interface ProfileFields {
  name: string;
  last_name: string;
  email: string;
  telephone: string;
  current_password: string;
  password: string;
  password_confirmation: string;
  pin: string;
  confirm_pin: string;
  profile_photo: File;
  remove_profile_photo: string;
}

/** The 'Edit Profile' drawer's form: every rule is the API's; its field errors come back under each field. */
export function ProfileForm({ user, closeTo, action, saving }: ProfileFormProps) {
  const [form, fields] = useFormResult<ProfileFields>(SAVE_INTENT, {
    defaultValue: { name: user.name, last_name: user.last_name, email: user.email, telephone: user.telephone ?? "" },
    shouldValidate: "onSubmit",
  });
  const text = (name: "name" | "last_name" | "email" | "telephone", label: string, type: "text" | "email" | "tel", autoComplete: string) => {
    const meta = fields[name];
    return <Field label={label} errors={meta.errors} {...getInputProps(meta, { type })} id={`profile-${name}`} autoComplete={autoComplete} />;
  };
  const secret = (name: "current_password" | "password" | "password_confirmation", label: string, autoComplete: string) => {
    const meta = fields[name];
    return (
      <PasswordField label={label} errors={meta.errors} {...getInputProps(meta, { type: "password" })} id={`profile-${name}`} autoComplete={autoComplete} />
    );
  };
  const pin = (name: "pin" | "confirm_pin", label: string) => {
    const meta = fields[name];
    return (
      <Field
        label={label}
        errors={meta.errors}
        {...getInputProps(meta, { type: "password" })}
        id={`profile-${name}`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
      />
    );
  };
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="space-y-2" {...getFormProps(form)} noValidate={false} data-profile-form>
      <FormAlert messages={form.errors} />
      <input type="hidden" name="id" value={user.id} />
      <PhotoSection user={user} errors={fields.profile_photo.errors} />
      <Section title="Details">
        <div className="grid gap-x-4 sm:grid-cols-2">
          {text("name", "Name", "text", "given-name")}
          {text("last_name", "Last name", "text", "family-name")}
        </div>
        {text("email", "Email", "email", "email")}
        {text("telephone", "Telephone", "tel", "tel")}
      </Section>
      <Section title="Change Password" description="Leave these empty to keep your password.">
        {secret("current_password", "Current password", "current-password")}
        {secret("password", "New password", "new-password")}
        {secret("password_confirmation", "Confirm password", "new-password")}
      </Section>
      {user.pin_is_allowed ? (
        <Section
          title="SB Pro Terminal"
          description={user.has_pin ? "A PIN is set. Enter a new one to change it." : "Set the PIN you use on the SB Pro Terminal: 4 to 6 digits."}
        >
          <div className="grid gap-x-4 sm:grid-cols-2">
            {pin("pin", "PIN")}
            {pin("confirm_pin", "Confirm PIN")}
          </div>
        </Section>
      ) : null}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        {saving ? (
          <span className="btn-secondary pointer-events-none opacity-50" aria-disabled="true">
            Cancel
          </span>
        ) : (
          <Link to={closeTo} className="btn-secondary" preventScrollReset>
            Cancel
          </Link>
        )}
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}

/** After saving: the spec's success view with Done. */
export function ProfileSuccess({ closeTo, notice }: { closeTo: string; notice?: string | null }) {
  return (
    <div className="py-6 text-center" role="status" data-profile-success>
      <p className="text-base font-medium text-slate-800">{PROFILE_SUCCESS}</p>
      {notice ? <p className="mt-2 text-sm text-slate-600">{notice}</p> : null}
      <Link to={closeTo} className="btn-primary mt-6" preventScrollReset>
        Done
      </Link>
    </div>
  );
}
