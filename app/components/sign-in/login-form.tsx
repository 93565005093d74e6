import { getFormProps, getInputProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { brandStyle, productName, type Variant } from "#app/lib/variant";
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
  const brand = brandStyle(branding?.main_color);
  return (
    <main className="flex min-h-[calc(100vh-2rem)] items-center justify-center px-4 py-12" style={brand}>
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-md ring-1 ring-slate-200">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          {branding?.full_logo ? <img src={branding.full_logo} alt={branding.name} className="h-12 w-auto" /> : null}
          <h1 className="text-xl font-semibold">{branding ? `Sign in to ${branding.name}` : `Sign in to ${productName[variant]}`}</h1>
        </div>
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
      </div>
    </main>
  );
}
