import { getFormProps, getInputProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { productName, type Variant } from "#app/lib/variant";
import { AuthCard } from "./auth-card";
import { SAVE_INTENT, useFormResult } from "../form/form-result";
import { Field, FormAlert, PasswordField } from "../form/field";
import { Form } from "../form/form";

export interface LoginFormProps {
  variant: Variant;
  branding: { uuid: string; name: string; full_logo: string | null; main_color: string | null } | null;
  notice?: string | null;
  redirectTo?: string | null;
  action?: string;
}

export const INACTIVITY_NOTICE = "You were signed out after a period of inactivity. Please sign in again.";

/** The sign-in card of /login and /{companyUuid}/login. */
export function LoginForm({ variant, branding, notice, redirectTo, action }: LoginFormProps) {
  const [form, fields] = useFormResult(SAVE_INTENT, { shouldRevalidate: "onInput" });
  const busy = useNavigation().state === "submitting";
  const forgot = branding ? `/forgot-password?company=${encodeURIComponent(branding.uuid)}` : "/forgot-password";
  return (
    <AuthCard variant={variant} branding={branding} title={branding ? `Sign in to ${branding.name}` : `Sign in to ${productName[variant]}`}>
      {notice ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <Form method="post" action={action} className="space-y-2" {...getFormProps(form)}>
        <FormAlert messages={form.errors} />
        {branding ? <input type="hidden" name="company_uuid" value={branding.uuid} /> : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="E-mail"
          required
          autoComplete="username"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
          id={fields.email.id}
        />
        <PasswordField
          label="Password"
          required
          autoComplete="current-password"
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
          id={fields.password.id}
        />
        <p className="-mt-1 pb-2 text-right text-sm">
          <a className="font-medium text-brand underline" href={forgot}>
            Forgot password?
          </a>
        </p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to {productName[variant]}?{" "}
        <a className="font-medium text-brand underline" href="/register">
          Register your company
        </a>
      </p>
    </AuthCard>
  );
}
