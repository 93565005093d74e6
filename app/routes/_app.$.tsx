import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
  return { title: titleIn(match.rule, edition), message: match.rule.message ?? null };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title ?? "Page not found", matches);

export default function AreaPage() {
  const { title, message } = useLoaderData<typeof loader>();
  const frame = useFrame();
  return (
    <>
      <PageHeader companyName={frame.company.name} title={title} />
      {message ? (
        <p className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">{message}</p>
      ) : (
        <p className="text-slate-600">This screen is not available in this version of the portal yet.</p>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
