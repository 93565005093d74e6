import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { productName, type Variant } from "../lib/variant";
import { shownFields, unsavedFormOf, type UnsavedForm } from "../lib/unsaved-form";

const texts: Record<number, { title: string; body: string }> = {
  400: {
    title: "This address could not be read",
    body: "Something in it is not valid, perhaps from an old or edited link. Open the page again from the menu.",
  },
  403: { title: "Not allowed", body: "You do not have permission to do that." },
  404: { title: "Page not found", body: "We could not find the page you were looking for. It may have moved, or the link may be wrong." },
  503: { title: "Service unavailable", body: "The service is not answering right now. What you were doing has not been lost; please try again in a moment." },
};

/** The 503 of a form sent during the outage (its action answered with what was sent, `unsaved`). */
const unsavedText = {
  title: "Service unavailable",
  body: "The service is not answering right now, so what you sent has not been saved yet. It is kept below: send it again in a moment.",
};

/**
 * What was sent, readable, and kept in a plain form to the same address (its fields as hidden inputs, the form's
 * `intent` included; never a secret, see app/lib/unsaved-form.ts): 'Send again' saves it once the service is back,
 * with or without JavaScript.
 */
function UnsavedFormPart({ unsaved, to }: { unsaved: UnsavedForm; to: string }) {
  const shown = shownFields(unsaved);
  return (
    <form method="post" action={to} className="mt-6 rounded-lg bg-white p-4 text-left shadow-sm ring-1 ring-slate-200" data-unsaved>
      <h2 className="text-sm font-semibold">What you sent</h2>
      {shown.length > 0 ? (
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          {shown.map((f) => (
            <div key={f.name} className="grid grid-cols-3 gap-4 py-2">
              <dt className="text-slate-500">{f.label}</dt>
              <dd className="col-span-2 whitespace-pre-wrap break-words">{f.values.join(", ")}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {unsaved.left ? <p className="mt-2 text-sm text-slate-500">Passwords and files are not kept: you will need to give them again.</p> : null}
      {unsaved.fields.map(([name, value], i) => (
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-primary mt-4">
        Send again
      </button>
    </form>
  );
}

/**
 * What the error boundary of a page inside the frame shows: not found, not allowed, unavailable, or a general
 * error; never a stack. Shown through RouteErrorBoundary (route-error-boundary.tsx), as an island.
 *
 * A 503 after a form was sent (without JavaScript the page cannot be drawn, the frame needs the API too) shows what
 * was sent, to send again. The action's answer is the router's action data of the route whose action ran, which
 * `useActionData` does not reach from another route's boundary: read from the router's state, by any route id.
 */
export function ErrorPage() {
  const error = useRouteError();
  const router = useContext(UNSAFE_DataRouterStateContext);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unsaved = status === 503 ? unsavedFormOf(router?.actionData) : undefined;
  const text = unsaved
    ? unsavedText
    : (texts[status] ?? { title: "Something went wrong", body: "Please try again. If the problem continues, contact support." });
  return (
    <section className="mx-auto max-w-xl py-16 text-center" data-status={status}>
      <p className="text-sm font-semibold text-brand">{status}</p>
      <h1 className="mt-2 text-2xl font-semibold">{text.title}</h1>
      <p className="mt-3 text-slate-600">{text.body}</p>
      {unsaved && router ? <UnsavedFormPart unsaved={unsaved} to={`${router.location.pathname}${router.location.search}`} /> : null}
      <Link className={unsaved ? "btn-secondary mt-6" : "btn-primary mt-6"} to="/dashboard">
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
