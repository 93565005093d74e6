import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { INACTIVITY_NOTICE, LoginForm } from "../components/sign-in/login-form";
import { pageTitle } from "../lib/variant";
import { hostOf } from "../services/host.server";
import { loadBranding, loginAction, redirectIfSignedIn } from "../services/login-page.server";
import { companyCookie } from "../services/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle("Sign in", matches);

/** A company's own sign-in page: its logo and colour; the company is remembered for 30 days. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const branding = await loadBranding(request, params.companyUuid ?? null);
  if (!branding) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  return data(
    {
      variant: hostOf(request).variant,
      branding,
      notice: url.searchParams.get("reason") === "inactivity" ? INACTIVITY_NOTICE : null,
      redirectTo: url.searchParams.get("redirectTo"),
    },
    { headers: { "Set-Cookie": await companyCookie.serialize(branding.uuid) } },
  );
}

export const action = ({ request }: ActionFunctionArgs) => loginAction(request);

export default function CompanyLoginPage() {
  const { variant, branding, notice, redirectTo } = useLoaderData<typeof loader>();
  return <LoginForm variant={variant} branding={branding} notice={notice} redirectTo={redirectTo} />;
}
