import { Link, useLocation } from "@remix-run/react";
import { Suspense, useEffect, useRef } from "react";
import type { CompanySwitcher } from "#app/access/account-menu";
import { profileHref, safeReturnPath } from "#app/access/links";
import { island } from "#app/lib/island";
import type { Variant } from "#app/lib/variant";
import { NotificationBell } from "../notifications/bell";
import { HeaderSearch } from "../search/header-search";
import { Icon } from "../ui/icon";
import type { AccountMenuPanelProps } from "./account-menu-panel";
import { accountMenuPanelOnServer } from "./account-menu-panel.server";

export interface HeaderUser {
  name: string;
  last_name: string;
  email: string;
  profile_photo_path: string | null;
}

export interface HeaderProps {
  edition: Variant;
  greeting: string;
  user: HeaderUser;
  /** The broker-portal link (user uuid appended), for users with hasCedarPermission. */
  brokerPortalUrl: string | null;
  /** The company switcher: the company's name and the company pages this user may open. */
  companyMenu: CompanySwitcher;
  /** Unread notifications (the bell's badge). */
  notificationCount: number;
  instagramUrl: string;
}

/**
 * The page the header's panels belong to: the current page, or, on the notifications panel and the
 * profile drawer themselves, the page they were opened from.
 */
function returnPath(pathname: string, search: string): string {
  if (pathname.startsWith("/notifications") || pathname.startsWith("/profile")) {
    const from = safeReturnPath(new URLSearchParams(search).get("from"));
    return from && !from.startsWith("/notifications") && !from.startsWith("/profile") ? from : "/dashboard";
  }
  return `${pathname}${search}`;
}

function initials(u: HeaderUser) {
  return `${u.name.slice(0, 1)}${u.last_name.slice(0, 1)}`.toUpperCase();
}

// What the account menu opens to is an island: the server draws it; the browser hydrates it once its chunk has
// arrived (until then its links and the Log Out form work as they do without JavaScript).
const panel = island(() => import("./account-menu-panel"), accountMenuPanelOnServer);

function Panel(props: AccountMenuPanelProps) {
  const { AccountMenuPanel } = panel.read();
  return <AccountMenuPanel {...props} />;
}

/**
 * The account menu: a native disclosure, so it opens with the keyboard and without JavaScript (account-menu-panel.tsx
 * is what it opens to).
 */
function AccountMenu({ user, brokerPortalUrl, companyMenu, from }: Pick<HeaderProps, "user" | "brokerPortalUrl" | "companyMenu"> & { from: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // With JavaScript a navigation does not reload the page: close the menu as a page load would.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details
      ref={ref}
      className="group relative"
      data-account-menu
      // Escape closes the open menu (as it closes a drawer) and puts focus back on its button.
      onKeyDown={(event) => {
        const menu = ref.current;
        if (event.key !== "Escape" || !menu?.open) return;
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 pr-3 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand [&::-webkit-details-marker]:hidden">
        {user.profile_photo_path ? (
          <img src={user.profile_photo_path} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" data-avatar />
        ) : (
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-xs font-semibold text-brand-ink">
            {initials(user)}
          </span>
        )}
        <span className="hidden text-sm font-medium sm:inline" data-account-name>
          {user.name}
        </span>
        <Icon name="chevron-down" className="hidden h-3.5 w-3.5 text-slate-400 sm:inline-block" />
        <span className="sr-only">Account menu</span>
      </summary>
      <Suspense fallback={null}>
        <Panel user={user} brokerPortalUrl={brokerPortalUrl} companyMenu={companyMenu} profileTo={profileHref(from)} />
      </Suspense>
    </details>
  );
}

export function Header({ edition, greeting, user, brokerPortalUrl, companyMenu, notificationCount, instagramUrl }: HeaderProps) {
  const { pathname, search } = useLocation();
  const from = returnPath(pathname, search);
  const shortcut = "header-link";
  return (
    // Both editions read the same way — the greeting first on the left, the search, then the shortcuts and the
    // account menu on the right — and differ in what they hold (flightDeck adds its Instagram link), not mirrored.
    <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 sm:px-6" data-edition={edition}>
      <p className="mr-auto text-base font-semibold" data-greeting>
        {greeting}, {user.name}
      </p>
      <HeaderSearch />
      <nav aria-label="Shortcuts" className="flex flex-wrap items-center gap-1">
        <Link to="/calendar" className={shortcut}>
          <Icon name="calendar" />
          Calendar
        </Link>
        <NotificationBell count={notificationCount} from={from} />
        <Link to="/find-products" className={shortcut}>
          <Icon name="store" />
          Find products
        </Link>
        {edition === "flightdeck" ? (
          <a href={instagramUrl} target="_blank" rel="noopener noreferrer" className={shortcut}>
            Instagram
            <Icon name="external-link" className="h-3.5 w-3.5" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <AccountMenu user={user} brokerPortalUrl={brokerPortalUrl} companyMenu={companyMenu} from={from} />
      </nav>
    </header>
  );
}
