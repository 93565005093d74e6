import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { CallHost } from "../components/calls/call-host";
import { Footer, Header, Sidebar } from "../components/frame/chrome-island";
// Every page inside the frame shows a page header, and several draw parts of the page as islands: imported
// here so that they ship in the frame's chunk instead of chunks of their own (each chunk costs its gzip
// overhead and one more request).
import "../components/frame/page-header";
import { FrameErrorBoundary } from "../components/route-error-boundary";
import { LoaderOverlay } from "../components/frame/loader-overlay";
import { useAfterNavigation } from "../lib/use-hydrated";
import { brandStyle } from "../lib/variant";
import { requireUser, sessionApi, started } from "../services/auth.server";
import { config } from "../services/config.server";
import { frameClock } from "../services/frame.server";
import { companySwitcher, visibleMenu } from "../services/menus.server";
import { isRedirect, unreadCount } from "../services/notifications.server";
import { newSubmissionKey } from "../services/submission.server";

/** The frame of every signed-in page: side menu, header, footer, the tenant's colour. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = started(requireUser(request));
  // The bell's badge, fresh on every page load and asked beside /me; a failure leaves the bell without a
  // badge, not the page broken.
  const badge = started(
    sessionApi(request).then((api) =>
      unreadCount(api).catch((error) => {
        if (isRedirect(error)) throw error;
        return 0;
      }),
    ),
  );
  const { user, edition, subject } = await signedIn;
  const notificationCount = await badge;
  return {
    edition,
    menu: visibleMenu(edition, subject),
    ...frameClock(),
    // What the page's forms send as their submission key (SubmissionKey): the same form sent twice acts once.
    submissionKey: newSubmissionKey(),
    user: {
      name: user.name,
      last_name: user.last_name,
      email: user.email,
      profile_photo_path: user.profile_photo_path,
    },
    company: { name: user.company.name, main_color: user.company.main_color },
    canMakePhoneCalls: user.canMakePhoneCalls,
    brokerPortalUrl: user.hasCedarPermission ? `${config.BROKER_PORTAL_URL}${encodeURIComponent(user.uuid)}` : null,
    companyMenu: companySwitcher(edition, user.company.name, subject),
    notificationCount,
    underwritingUrl: config.UNDERWRITING_PORTAL_URL,
    helpUrl: edition === "flightdeck" ? config.HELP_URL_FLIGHTDECK : config.HELP_URL_SMALLBUSINESS,
    instagramUrl: config.INSTAGRAM_URL,
  };
}

export type FrameData = Awaited<ReturnType<typeof loader>>;

/** The frame's data for pages inside it (company name for the page header …). */
export function useFrame() {
  return useRouteLoaderData<typeof loader>("routes/_app")!;
}

export default function Frame() {
  const f = useLoaderData<typeof loader>();
  const location = useLocation();
  // The mobile menu is a checkbox toggle; a client-side navigation closes it as a page load would.
  useAfterNavigation(() => {
    const toggle = document.getElementById("nav-toggle") as HTMLInputElement | null;
    if (toggle) toggle.checked = false;
  });
  // Escape closes the open mobile menu, as it closes a drawer; focus goes back to the menu's toggle.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const toggle = document.getElementById("nav-toggle") as HTMLInputElement | null;
      if (event.key !== "Escape" || !toggle?.checked || event.defaultPrevented) return;
      toggle.checked = false;
      toggle.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const brand = brandStyle(f.company.main_color);
  return (
    <div className="flex min-h-screen" style={brand}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-brand shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        data-skip-link
      >
        Skip to main content
      </a>
      {/* The small screens' menu toggle; on large screens the menu is always shown, so it is out of the tab order there. */}
      <input type="checkbox" id="nav-toggle" className="peer sr-only lg:hidden" aria-controls="side-menu" aria-label="Show menu" />
      <Sidebar menu={f.menu} edition={f.edition} underwritingUrl={f.underwritingUrl} />
      <label htmlFor="nav-toggle" className="fixed inset-0 z-30 hidden bg-slate-900/40 peer-checked:block lg:!hidden" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col">
        {/* The header holds the small screens' Menu toggle (the label of #nav-toggle above) in its one row. */}
        <Header
          edition={f.edition}
          greeting={f.greeting}
          user={f.user}
          brokerPortalUrl={f.brokerPortalUrl}
          companyMenu={f.companyMenu}
          notificationCount={f.notificationCount}
          instagramUrl={f.instagramUrl}
        />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-8">
          <Outlet />
        </main>
        <Footer edition={f.edition} helpUrl={f.helpUrl} year={f.year} />
      </div>
      <LoaderOverlay pathname={location.pathname} />
      <CallHost canMakePhoneCalls={f.canMakePhoneCalls} />
    </div>
  );
}

export { FrameErrorBoundary as ErrorBoundary };
