import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { showcaseSectionsOnServer } from "../components/showcase/showcase-sections.server";
import { island, islandPart } from "../lib/island";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { useFrame } from "./_app";

/**
 * The kit's living reference (spec route `datatable-showcase`): every control, button, badge, alert, empty state
 * and icon as the kit draws them, in the signed-in user's edition and tenant colour. Its form goes nowhere but
 * back here (GET), so every control can be tried, with or without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, "/datatable-showcase");
  return { title: "Data table showcase" };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title ?? "Data table showcase", matches);

// What the page shows (components/showcase/showcase-sections.tsx, with every field of the form kit) is an island: the
// server draws it in full, the browser hydrates it once its chunk has arrived, after the page's first-load JavaScript.
const sections = island(() => import("../components/showcase/showcase-sections"), showcaseSectionsOnServer);
const Sections = islandPart(sections, (m) => m.ShowcaseSections, <p className="text-sm text-slate-500">Loading…</p>);

export default function DatatableShowcase() {
  const { title } = useLoaderData<typeof loader>();
  const frame = useFrame();
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={title}
        description="The kit's controls, buttons, badges, alerts, empty states and icons, as every screen draws them."
      />
      <Sections />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
