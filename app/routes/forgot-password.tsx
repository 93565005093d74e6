import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "../components/sign-in/auth-card";
import { Field, FormAlert } from "../components/form/field";
import { Form } from "../components/form/form";
import { useFormResult } from "../components/form/form-result";
import { pageTitle } from "../lib/variant";
import { forgotPasswordAction, forgotPasswordLoader } from "../services/password-reset.server";

export const meta: MetaFunction = ({ matches }) => pageTitle("Forgot password", matches);

export const loader = (args: LoaderFunctionArgs) => forgotPasswordLoader(args);
export const action = (args: ActionFunctionArgs) => forgotPasswordAction(args);

/** "Forgot password?": an e-mail address in, the same answer out whether it belongs to an account or not. */
export default function ForgotPasswordPage() {
  const { variant, branding } = useLoaderData<typeof loader>();
  const answer = useActionData<{ sent?: string; email?: string }>();
  const [form, fields] = useFormResult();
  const busy = useNavigation().state === "submitting";
  const back = branding ? `/${branding.uuid}/login` : "/login";
  return (
    <AuthCard variant={variant} branding={branding} title="Forgot your password?">
      {answer?.sent ? (
        <div className="space-y-4 text-sm text-slate-700">
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
            {answer.sent}
          </p>
          <p>Check the inbox of {answer.email}. Nothing there after a few minutes? Check the spam folder, or ask again.</p>
        </div>
      ) : (
        <Form method="post" className="space-y-2" {...getFormProps(form)}>
          <p className="pb-2 text-sm text-slate-600">Enter the e-mail address you sign in with. We will send it a link to choose a new password.</p>
          <FormAlert messages={form.errors} />
          {branding ? <input type="hidden" name="company_uuid" value={branding.uuid} /> : null}
          <Field
            label="E-mail"
            required
            autoComplete="username"
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: "email" })}
            id={fields.email.id}
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <a className="font-medium text-brand underline" href={back}>
          Back to sign-in
        </a>
      </p>
    </AuthCard>
  );
}
