import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Form } from "../components/form/form";
import { pageTitle } from "../lib/variant";
import { confirmEmailAction } from "../services/confirm-email.server";

export const meta: MetaFunction = ({ matches }) => pageTitle("Confirm your e-mail address", matches);

export const action = (args: ActionFunctionArgs) => confirmEmailAction(args);

export default function ConfirmEmailPage() {
  const result = useActionData<typeof action>();
  return (
    <main className="flex min-h-[calc(100vh-2rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-md ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold">Confirm your e-mail address</h1>
        {result ? (
          <>
            <p className="mt-2 text-sm text-slate-600" role="status">
              {result.message}
            </p>
            <a className="btn-secondary mt-6" href="/login">
              Go to sign-in
            </a>
          </>
        ) : (
          <Form method="post" className="mt-6">
            <p className="text-sm text-slate-600">Make this the address you sign in with.</p>
            <button type="submit" className="btn-primary mt-4 w-full">
              Confirm e-mail address
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
