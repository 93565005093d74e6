import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { invitationSchema, userSetupBodySchema } from "../../contract/auth";
import { FormAlert, PasswordField } from "../components/form/field";
import { pageTitle } from "../lib/variant";
import { ApiValidationError, createApi } from "../services/api.server";
import { assertSameOrigin } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
import { Form } from "../components/form/form";

export const meta: MetaFunction = ({ matches }) => pageTitle("Set up your account", matches);

const setupResponse = z.object({ message: z.string(), company: z.object({ uuid: z.string() }) });

function invitationPath(params: LoaderFunctionArgs["params"]) {
  return `/user-setup/${encodeURIComponent(params.uuid ?? "")}/${encodeURIComponent(params.token ?? "")}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const { data: invitation } = await createApi({ request, signInPage: true }).get(invitationPath(params), { schema: invitationSchema });
    return { invitation };
  } catch (error) {
    if ((error instanceof Response && error.status === 404) || error instanceof ApiValidationError) return { invitation: null };
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: userSetupBodySchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password", "password_confirmation"] }) }, { status: 422 });
  try {
    const done = await createApi({ request, signInPage: true }).post(invitationPath(params), { body: submission.value, schema: setupResponse });
    return redirectWithToast(request, `/${done.company.uuid}/login`, { kind: "success", message: done.message });
  } catch (error) {
    if (error instanceof ApiValidationError) {
      return data({ result: submission.reply({ hideFields: ["password", "password_confirmation"], fieldErrors: error.body.errors ?? {}, formErrors: error.body.errors ? [] : [error.body.message] }) }, { status: 422 });
    }
    if (error instanceof Response && error.status === 404) {
      return data({ result: submission.reply({ formErrors: ["This invitation link is not valid or has expired."] }) }, { status: 404 });
    }
    throw error;
  }
}

export default function UserSetupPage() {
  const { invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: actionData?.result });
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
              <PasswordField label="Password" required autoComplete="new-password" help="At least 12 characters." errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} id={fields.password.id} />
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
