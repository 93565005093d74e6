import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { matchRoute, titleIn } from "#contract/portal-routes";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { useFrame } from "./_app";

/**
 * Every path of the route table that has no screen of its own yet is guarded here by the same rules;
 * any other path is the not-found page (status 404), inside the frame.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const match = matchRoute(new URL(request.url).pathname);
  if (!match) throw new Response("Not found", { status: 404 });
  const { edition } = await requireAccess(request, match.rule.pattern);
  return { title: titleIn(match.rule, edition), message: match.rule.message ?? null, holds: WILL_HOLD[match.rule.pattern] ?? null };
}

/** What a page not built yet will hold, said on it so that nobody wonders whether it is broken. */
const WILL_HOLD: Record<string, string> = {
  "/flightdeck-passport": "your membership: its plan, what it includes and when it renews",
  "/benefits": "the benefits your company offers its people, and how to set them up",
  "/find-products": "the products you can offer your clients, to search and compare",
  "/my-products": "the products your company offers, with their documents",
  "/market-news": "news from the market for your sector",
  "/market-valuation": "what your book of business is worth, and how that is worked out",
  "/data-playpen": "your data to explore, filter and chart",
  "/data-completeness-score": "how complete your client records are, and what is missing",
  "/account-settings": "your company's account settings",
  "/transactions": "the payments your customers made",
  "/loyalty-and-rewards": "your loyalty points and the rewards to spend them on",
  "/flightplan": "the steps to get your company verified and under contract",
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title ?? "Page not found", matches);

export default function AreaPage() {
  const { title, message, holds } = useLoaderData<typeof loader>();
  const frame = useFrame();
  return (
    <>
      <PageHeader companyName={frame.company.name} title={title} />
      {message ? (
        <p className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">{message}</p>
      ) : (
        <div className="max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" data-not-built>
          <p className="text-slate-700">
            {holds
              ? `This page is not built yet. It will hold ${holds}.`
              : `This page is not built yet. It will hold the ${title.toLowerCase()} of your company.`}
          </p>
          <p className="mt-4">
            <Link to="/dashboard" className="btn-primary">
              {frame.edition === "smallbusiness" ? "Go to Home" : "Go to the dashboard"}
            </Link>
          </p>
        </div>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
