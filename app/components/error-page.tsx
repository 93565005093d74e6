import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { productName, type Variant } from "../lib/variant";

const texts: Record<number, { title: string; body: string }> = {
  403: { title: "Not allowed", body: "You do not have permission to do that." },
  404: { title: "Page not found", body: "We could not find the page you were looking for. It may have moved, or the link may be wrong." },
  503: { title: "Service unavailable", body: "The service is not answering right now. What you were doing has not been lost; please try again in a moment." },
};

/**
 * What the error boundary of a page inside the frame shows: not found, not allowed, unavailable, or a general
 * error; never a stack. Shown through RouteErrorBoundary (route-error-boundary.tsx), as an island.
 */
export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text = texts[status] ?? { title: "Something went wrong", body: "Please try again. If the problem continues, contact support." };
  return (
    <section className="mx-auto max-w-xl py-16 text-center" data-status={status}>
      <p className="text-sm font-semibold text-brand">{status}</p>
      <h1 className="mt-2 text-2xl font-semibold">{text.title}</h1>
      <p className="mt-3 text-slate-600">{text.body}</p>
      <Link className="btn-primary mt-6" to="/dashboard">
        Back to the dashboard
      </Link>
    </section>
  );
}

/**
 * When the frame itself cannot load (the API is not answering, so there is no user to build the menu
 * from), the page still shows inside a frame: the product's side bar and header without the user's
 * menu, and the friendly error (503, 404 …) where the page would be. Never a stack. The frame route's error
 * boundary (FrameErrorBoundary in route-error-boundary.tsx).
 */
export function FrameErrorPage() {
  const root = useRouteLoaderData<{ variant: Variant }>("root");
  const edition: Variant = root?.variant ?? "flightdeck";
  return (
    <div className="flex min-h-screen" data-frame="unavailable">
      <aside className="hidden w-[255px] shrink-0 bg-brand px-4 py-6 text-white lg:block" aria-label="Side menu">
        <Link to="/dashboard" className="text-lg font-semibold">
          {productName[edition]}
        </Link>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between bg-white px-4 py-3 shadow-sm sm:px-8">
          <span className="text-sm font-semibold">{productName[edition]}</span>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-8">
          <ErrorPage />
        </main>
      </div>
    </div>
  );
}
