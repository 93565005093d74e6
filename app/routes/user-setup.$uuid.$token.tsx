import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useFormResult } from "../components/form/form-result";
import { FormAlert, PasswordField } from "../components/form/field";
import { pageTitle } from "../lib/variant";
import { userSetupAction, userSetupLoader } from "../services/user-setup.server";
import { Form } from "../components/form/form";

export const meta: MetaFunction = ({ matches }) => pageTitle("Set up your account", matches);

export const loader = (args: LoaderFunctionArgs) => userSetupLoader(args);
export const action = (args: ActionFunctionArgs) => userSetupAction(args);

export default function UserSetupPage() {
  const { invitation } = useLoaderData<typeof loader>();
  const [form, fields] = useFormResult();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="flex min-h-[calc(100vh-2rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-md ring-1 ring-slate-200">
        {invitation ? (
          <>
            <h1 className="text-xl font-semibold">Welcome, {invitation.name}</h1>
            <p className="mt-2 text-sm text-slate-600">
              Choose a password for <strong>{invitation.email}</strong> to join {invitation.company.name}.
            </p>
            <Form method="post" className="mt-6 space-y-2" {...getFormProps(form)}>
              <FormAlert messages={form.errors} />
              <PasswordField
                label="Password"
                required
                autoComplete="new-password"
                help="At least 12 characters."
                errors={fields.password.errors}
                {...getInputProps(fields.password, { type: "password" })}
                id={fields.password.id}
              />
              <PasswordField
                label="Confirm password"
                required
                autoComplete="new-password"
                errors={fields.password_confirmation.errors}
                {...getInputProps(fields.password_confirmation, { type: "password" })}
                id={fields.password_confirmation.id}
              />
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                Set password
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">Invitation not valid</h1>
            <p className="mt-2 text-sm text-slate-600">This invitation link is not valid or has expired. Ask your administrator to send a new one.</p>
            <a className="btn-secondary mt-6" href="/login">
              Go to sign-in
            </a>
          </>
        )}
      </div>
    </main>
  );
}
