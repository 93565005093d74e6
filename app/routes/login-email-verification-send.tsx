import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useFormResult } from "../components/form/form-result";
import { Field, FormAlert } from "../components/form/field";
import { pageTitle } from "../lib/variant";
import { emailVerificationAction, emailVerificationLoader } from "../services/email-verification.server";
import { Form } from "../components/form/form";

export const meta: MetaFunction = ({ matches }) => pageTitle("Check your e-mail", matches);

export const loader = (args: LoaderFunctionArgs) => emailVerificationLoader(args);
export const action = (args: ActionFunctionArgs) => emailVerificationAction(args);

export default function EmailVerificationPage() {
  const { email } = useLoaderData<typeof loader>();
  const [form, fields] = useFormResult();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="flex min-h-[calc(100vh-2rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-md ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold">Check your e-mail</h1>
        <p className="mt-2 text-sm text-slate-600">
          We sent a 6-digit sign-in code to <strong>{email}</strong>. Enter it below to finish signing in.
        </p>
        <Form method="post" className="mt-6 space-y-2" {...getFormProps(form)}>
          <FormAlert messages={form.errors} />
          <Field
            label="Sign-in code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            errors={fields.code.errors}
            {...getInputProps(fields.code, { type: "text" })}
            id={fields.code.id}
          />
          <button type="submit" name="intent" value="verify" className="btn-primary w-full" disabled={busy}>
            Verify and sign in
          </button>
        </Form>
        <Form method="post" className="mt-4 text-center">
          <button type="submit" name="intent" value="resend" className="text-sm font-medium text-brand underline" formNoValidate>
            Send me a new code
          </button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <a href="/login" className="text-slate-600 underline">
            Back to sign-in
          </a>
        </p>
      </div>
    </main>
  );
}
