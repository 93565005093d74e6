import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/meta";
import { requireAccess } from "../services/auth.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Dashboard", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, "/dashboard");
  return null;
}

export default function Dashboard() {
  const frame = useFrame();
  const areas = frame.menu.items.flatMap((i) => (i.kind === "group" ? i.children.map((c) => ({ ...c, group: i.label })) : i.kind === "link" && !i.external && i.to !== "/dashboard" ? [{ ...i, group: "" }] : []));
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Dashboard" description={`${frame.greeting}, ${frame.user.name}. Here is everything your role lets you open.`} />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {areas
          .filter((a) => !a.external)
          .map((a) => (
            <li key={a.to}>
              <Link to={a.to} className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand">
                {a.group ? <span className="text-xs font-semibold uppercase tracking-wide text-slate-400">{a.group}</span> : null}
                <span className="block font-medium">{a.label}</span>
              </Link>
            </li>
          ))}
      </ul>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
