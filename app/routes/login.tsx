import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { INACTIVITY_NOTICE, LoginForm } from "../components/sign-in/login-form";
import { pageTitle } from "../lib/variant";
import { hostOf } from "../services/host.server";
import { loadBranding, loginAction, redirectIfSignedIn } from "../services/login-page.server";
import { readCompanyCookie } from "../services/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle("Sign in", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const url = new URL(request.url);
  const uuid = url.searchParams.get("uuid") ?? (await readCompanyCookie(request));
  return {
    variant: hostOf(request).variant,
    branding: await loadBranding(request, uuid),
    notice: url.searchParams.get("reason") === "inactivity" ? INACTIVITY_NOTICE : null,
    redirectTo: url.searchParams.get("redirectTo"),
  };
}

export const action = ({ request }: ActionFunctionArgs) => loginAction(request);

export default function LoginPage() {
  const { variant, branding, notice, redirectTo } = useLoaderData<typeof loader>();
  return <LoginForm variant={variant} branding={branding} notice={notice} redirectTo={redirectTo} />;
}
