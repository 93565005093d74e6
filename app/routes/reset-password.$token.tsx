import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "../components/sign-in/auth-card";
import { FormAlert, PasswordField } from "../components/form/field";
import { Form } from "../components/form/form";
import { useFormResult } from "../components/form/form-result";
import { pageTitle } from "../lib/variant";
import { resetPasswordAction, resetPasswordLoader } from "../services/password-reset.server";

export const meta: MetaFunction = ({ matches }) => pageTitle("Choose a new password", matches);

export const loader = (args: LoaderFunctionArgs) => resetPasswordLoader(args);
export const action = (args: ActionFunctionArgs) => resetPasswordAction(args);

/** The page a reset link opens: a new password typed twice; a used or expired link says so and offers a new one. */
export default function ResetPasswordPage() {
  const { variant, branding, email, invalid } = useLoaderData<typeof loader>();
  const [form, fields] = useFormResult();
  const busy = useNavigation().state === "submitting";
  const forgot = branding ? `/forgot-password?company=${encodeURIComponent(branding.uuid)}` : "/forgot-password";
  return (
    <AuthCard variant={variant} branding={branding} title={invalid ? "Link no longer valid" : "Choose a new password"}>
      {invalid ? (
        <div className="space-y-6 text-sm text-slate-700">
          <p role="alert">{invalid}</p>
          <a className="btn-primary w-full" href={forgot}>
            Send a new link
          </a>
        </div>
      ) : (
        <Form method="post" className="space-y-2" {...getFormProps(form)}>
          <p className="pb-2 text-sm text-slate-600">
            For <strong>{email}</strong>. Every session of the account is signed out once the password changes.
          </p>
          <FormAlert messages={form.errors} />
          <PasswordField
            label="New password"
            required
            autoComplete="new-password"
            help="At least 12 characters."
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: "password" })}
            id={fields.password.id}
          />
          <PasswordField
            label="Confirm new password"
            required
            autoComplete="new-password"
            errors={fields.password_confirmation.errors}
            {...getInputProps(fields.password_confirmation, { type: "password" })}
            id={fields.password_confirmation.id}
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Saving…" : "Set new password"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
