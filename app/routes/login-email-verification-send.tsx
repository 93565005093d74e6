import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { loginResponseSchema } from "../../contract/auth";
import { Field, FormAlert } from "../components/form/field";
import { pageTitle } from "../lib/variant";
import { ApiValidationError, createApi } from "../services/api.server";
import { assertSameOrigin } from "../services/auth.server";
import { getSession, redirectWithToast } from "../services/session.server";
import { completeSignIn } from "../services/sign-in.server";
import { Form } from "../components/form/form";

export const meta: MetaFunction = ({ matches }) => pageTitle("Check your e-mail", matches);

const schema = z.object({
  intent: z.enum(["verify", "resend"]).default("verify"),
  code: z.string().trim().optional(),
});

/** "verify@harbour.test" → "v•••••@harbour.test" */
function maskEmail(email: string) {
  const [local, domain] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.max(local.length - 1, 1))}@${domain}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.get("verificationToken")) throw redirect("/login");
  return { email: maskEmail(session.get("verificationEmail") ?? "") };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await getSession(request);
  const verificationToken = session.get("verificationToken");
  if (!verificationToken) throw redirect("/login");
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const api = createApi({ request, signInPage: true });
  try {
    if (submission.value.intent === "resend") {
      await api.post("/login/resend-verification", { body: { verification_token: verificationToken } });
      return redirectWithToast(request, request.url, { kind: "success", message: "We sent you a new code." });
    }
    const outcome = await api.post("/login/verify-email", {
      body: { verification_token: verificationToken, code: submission.value.code ?? "" },
      schema: loginResponseSchema,
    });
    const done = await completeSignIn(request, outcome, new URL(request.url).searchParams.get("redirectTo"));
    if (done instanceof Response) return done;
    return data({ result: submission.reply({ formErrors: [done.refused] }) }, { status: 403 });
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return data({ result: submission.reply({ fieldErrors: error.body.errors ?? { code: [error.body.message] } }) }, { status: 422 });
  }
}

export default function EmailVerificationPage() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: actionData?.result });
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
