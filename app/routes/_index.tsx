import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle, productName } from "../lib/variant";
import { hostOf } from "../services/host.server";
import { getSession } from "../services/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle("Welcome", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  return { variant: hostOf(request).variant, signedIn: Boolean(session.get("token")) };
}

const pitch = {
  flightdeck: "The adviser platform for insurance and wealth brokers: CRM, policies, products, quotes and invoices in one place.",
  smallbusiness: "The small-business suite: customers, quotes and invoices, low-cost card payments and benefits in one place.",
};

export default function Landing() {
  const { variant, signedIn } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto flex min-h-[calc(100vh-2rem)] max-w-3xl flex-col items-center justify-center px-6 text-center">
      <h1 className="text-4xl font-bold tracking-tight">{productName[variant]}</h1>
      <p className="mt-4 text-lg text-slate-600">{pitch[variant]}</p>
      <div className="mt-8 flex gap-3">
        {signedIn ? (
          <a className="btn-primary" href="/dashboard">
            Go to your dashboard
          </a>
        ) : (
          <>
            <a className="btn-primary" href="/login">
              Sign in
            </a>
            <a className="btn-secondary" href="/register">
              Register
            </a>
          </>
        )}
      </div>
    </main>
  );
}
