import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { formatDate } from "#common/format";
import { figuresOnServer } from "../components/dashboard/figures.server";
import { IntervalNav } from "../components/dashboard/interval-nav";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { periodLabel } from "../lib/period-label";
import { island } from "../lib/island";
import { requireAccess } from "../services/auth.server";
import { intervalFrom, myOpenTasks, taskStats } from "../services/dashboard.server";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { PolicyOverviewSection } from "../components/policies/policy-overview";
import { policyOverview } from "../services/policies.server";

/** The page's title is the menu's name for it: "Home" in smallBusiness's menu, "Dashboard" in flightDeck's. */
const TITLE = { flightdeck: "Dashboard", smallbusiness: "Home" } as const;

export const meta: MetaFunction = ({ matches }) => pageTitle(TITLE, matches);

/** A failed widget call leaves that widget empty, not the page broken; a redirect (signed out) still goes. */
function orNull<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((error) => {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return null;
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user, edition, subject } = await requireAccess(request, "/dashboard");
  const interval = intervalFrom(new URL(request.url));
  const canSeeTasks = can(subject, "task_view", "task_manage");
  const canSeePolicies = can(subject, "policy_view", "policy_manage");
  const [[stats, mine], policies] = await Promise.all([
    canSeeTasks ? Promise.all([orNull(taskStats(api, interval)), orNull(myOpenTasks(api, user.id))]) : Promise.resolve([null, null] as const),
    canSeePolicies ? orNull(policyOverview(api, interval)) : Promise.resolve(null),
  ]);
  return { interval, canSeeTasks, stats, mine, me: user.id, words: wordsFor(edition), policies };
}

// The figures (key figures, charts, open tasks, products won) are an island: the server renders them, the
// browser hydrates them once their chunk has arrived; they need no JavaScript of their own.
const figures = island(() => import("../components/dashboard/figures"), figuresOnServer);

function Figures(props: Parameters<typeof figuresOnServer.DashboardFigures>[0]) {
  const { DashboardFigures } = figures.read();
  return <DashboardFigures {...props} />;
}

export default function Dashboard() {
  const { interval, canSeeTasks, stats, mine, me, words, policies } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const areas = frame.menu.items.flatMap((i) =>
    i.kind === "group"
      ? i.children.map((c) => ({ ...c, group: i.label }))
      : i.kind === "link" && !i.external && i.to !== "/dashboard"
        ? [{ ...i, group: "" }]
        : [],
  );
  const header = <PageHeader companyName={frame.company.name} title={TITLE[frame.edition]} description="What needs your attention today." />;

  if (!canSeeTasks) {
    return (
      <>
        {header}
        {policies ? <PolicyOverviewSection overview={policies} interval={interval} /> : null}
        <h2 className="mb-3 text-base font-semibold">Your pages</h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {areas
            .filter((a) => !a.external)
            .map((a) => (
              <li key={a.to}>
                <Link
                  to={a.to}
                  className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
                >
                  {a.group ? <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">{a.group}</span> : null}
                  <span className="block font-medium">{a.label}</span>
                </Link>
              </li>
            ))}
        </ul>
      </>
    );
  }

  const overview = stats?.overview;
  return (
    <>
      {header}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-period>
          {overview
            ? interval === "week"
              ? `This week, from ${formatDate(overview.period_start)}`
              : `This ${interval}: ${periodLabel(interval, overview.period_start)}`
            : null}
        </p>
        <IntervalNav current={interval} />
      </div>

      {!stats ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The figures could not be loaded just now. Please try again in a moment.
        </p>
      ) : null}

      {policies ? <PolicyOverviewSection overview={policies} interval={interval} /> : null}

      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Figures interval={interval} stats={stats} mine={mine} me={me} words={words} />
      </Suspense>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
