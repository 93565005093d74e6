import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

const texts: Record<number, { title: string; body: string }> = {
  403: { title: "Not allowed", body: "You do not have permission to do that." },
  404: { title: "Page not found", body: "We could not find the page you were looking for. It may have moved, or the link may be wrong." },
  503: { title: "Service unavailable", body: "The service is not answering right now. What you were doing has not been lost; please try again in a moment." },
};

/** The error boundary of pages inside the frame: not found, not allowed, unavailable, or a general error; never a stack. */
export function RouteErrorBoundary() {
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
