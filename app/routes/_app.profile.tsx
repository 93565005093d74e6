import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/meta";
import { requireUser } from "../services/auth.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Personal profile", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return {
    details: [
      ["First name", user.name],
      ["Last name", user.last_name],
      ["E-mail", user.email],
      ["Telephone", user.telephone ?? "—"],
      ["Company", user.company.name],
    ] as const,
    roles: user.roles.map((r) => ({ name: r.name, permissions: r.permissions.length })),
  };
}

export default function ProfilePage() {
  const { details, roles } = useLoaderData<typeof loader>();
  const frame = useFrame();
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Personal profile" />
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">Details</h2>
          <dl className="mt-4 divide-y divide-slate-100">
            {details.map(([label, value]) => (
              <div key={label} className="grid grid-cols-3 gap-4 py-2 text-sm">
                <dt className="text-slate-500">{label}</dt>
                <dd className="col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">Roles</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {roles.map((r) => (
              <li key={r.name}>
                <span className="font-medium">{r.name}</span> <span className="text-slate-500">({r.permissions} permissions)</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
