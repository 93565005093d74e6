import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import brandFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
import { ToastArea } from "./components/toast";
import { useNonce } from "./lib/nonce";
import { useMarkAppHydrated } from "./lib/use-hydrated";
import { DEV_BANNER, productName, type Variant } from "./lib/variant";
import { hostOf } from "./services/host.server";
import { getSession, sessionStorage } from "./services/session.server";
import stylesheet from "./tailwind.css";

export const links: LinksFunction = () => [
  // The brand typeface (app/tailwind.css @font-face): fetched with the stylesheet instead of after it, so text
  // rarely paints in the fallback font first.
  { rel: "preload", href: brandFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { variant, production } = hostOf(request);
  const session = await getSession(request);
  const toast = session.get("toast") ?? null;
  const bulkFailed = session.get("bulkFailed") ?? null;
  return data(
    { variant, production, toast, bulkFailed },
    toast || bulkFailed ? { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const variant: Variant = root?.variant ?? "flightdeck";
  return (
    <html lang="en-GB" data-variant={variant} className="h-full bg-canvas">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* The first paint waits until the page's markup is parsed (#page-end): painted half-parsed on a slow
            device, the header's, filter bar's and table's rows were laid out again as the rest arrived (layout shift). */}
        <link rel="expect" href="#page-end" blocking="render" />
      </head>
      <body className="h-full text-slate-900 antialiased">
        {root && !root.production ? (
          <aside aria-label="Environment" className="bg-amber-400 px-4 py-1 text-center text-sm font-medium text-amber-950">
            {DEV_BANNER}
          </aside>
        ) : null}
        {children}
        <ToastArea toast={root?.toast ?? null} />
        <div id="page-end" hidden />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useMarkAppHydrated();
  return <Outlet />;
}

const errorHeading = (status: number) => (status === 404 ? "Page not found" : status === 503 ? "Service unavailable" : "Something went wrong");

/** A page outside the frame that failed (an unknown company's sign-in page …) is titled like any page: '{title} | {product}'. */
export const meta: MetaFunction<typeof loader> = ({ error, data }) =>
  error ? [{ title: `${errorHeading(isRouteErrorResponse(error) ? error.status : 500)} | ${productName[data?.variant ?? "flightdeck"]}` }] : [];

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-2xl font-semibold">{errorHeading(status)}</h1>
      <p className="mt-3 text-slate-600">
        {status === 404
          ? "We could not find the page you were looking for."
          : status === 503
            ? "The service is not answering right now. Please try again in a moment."
            : "Please try again. If the problem continues, contact support."}
      </p>
      <a className="btn-primary mt-6" href="/">
        Go to the start page
      </a>
    </main>
  );
}
