import { Link, useLocation } from "@remix-run/react";
import { Suspense, useRef } from "react";
import type { CompanySwitcher } from "#app/access/account-menu";
import { profileHref, safeReturnPath } from "#app/access/links";
import { island } from "#app/lib/island";
import { useAfterNavigation } from "#app/lib/use-hydrated";
import { productName, type Variant } from "#app/lib/variant";
import { NotificationBell } from "../notifications/bell";
import { HeaderSearch } from "../search/header-search";
import { Icon, type IconName } from "../ui/icon";
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
function AccountMenu({
  user,
  brokerPortalUrl,
  companyMenu,
  from,
  shortcuts,
}: Pick<HeaderProps, "user" | "brokerPortalUrl" | "companyMenu"> & { from: string; shortcuts: HeaderShortcut[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  // With JavaScript a navigation does not reload the page: close the menu as a page load would.
  useAfterNavigation(() => {
    if (ref.current) ref.current.open = false;
  });
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
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-slate-100 md:pr-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand [&::-webkit-details-marker]:hidden">
        {user.profile_photo_path ? (
          <img src={user.profile_photo_path} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" data-avatar />
        ) : (
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-xs font-semibold text-brand-ink">
            {initials(user)}
          </span>
        )}
        <span className="hidden max-w-[8rem] truncate text-sm font-medium md:inline" data-account-name>
          {user.name}
        </span>
        <Icon name="chevron-down" className="hidden h-3.5 w-3.5 text-slate-400 md:inline-block" />
        <span className="sr-only">Account menu</span>
      </summary>
      <Suspense fallback={null}>
        <Panel user={user} brokerPortalUrl={brokerPortalUrl} companyMenu={companyMenu} profileTo={profileHref(from)} shortcuts={shortcuts} />
      </Suspense>
    </details>
  );
}

/** The header's shortcuts. On a phone they do not fit in the header's one row: the account menu lists them instead. */
export interface HeaderShortcut {
  label: string;
  to: string;
  icon: IconName | null;
  /** An address outside the portal (opens in a new tab). */
  external?: boolean;
  /** Below this width the header has no room for it and the account menu lists it ("sm": phones; "xl": up to 1280 px). */
  foldBelow: "sm" | "xl";
}

function shortcutsOf(edition: Variant, instagramUrl: string): HeaderShortcut[] {
  return [
    { label: "Calendar", to: "/calendar", icon: "calendar", foldBelow: "sm" },
    { label: "Find products", to: "/find-products", icon: "store", foldBelow: "sm" },
    // Lucide has no brand marks: the Instagram link keeps its word, so it shows only where there is room for it.
    ...(edition === "flightdeck" ? [{ label: "Instagram", to: instagramUrl, icon: null, external: true, foldBelow: "xl" as const }] : []),
  ];
}

function ShortcutLink({ shortcut: s }: { shortcut: HeaderShortcut }) {
  const shown = s.foldBelow === "sm" ? "hidden sm:inline-flex" : "hidden xl:inline-flex";
  // Below 1280 px a shortcut with an icon shows the icon alone (its word stays its accessible name).
  const word = s.icon ? <span className="sr-only xl:not-sr-only">{s.label}</span> : s.label;
  return s.external ? (
    <a href={s.to} target="_blank" rel="noopener noreferrer" className={`header-link ${shown}`} title={s.label}>
      {s.icon ? <Icon name={s.icon} /> : null}
      {word}
      <Icon name="external-link" className="h-3.5 w-3.5" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <Link to={s.to} className={`header-link ${shown}`} title={s.label}>
      {s.icon ? <Icon name={s.icon} /> : null}
      {word}
    </Link>
  );
}

export function Header({ edition, greeting, user, brokerPortalUrl, companyMenu, notificationCount, instagramUrl }: HeaderProps) {
  const { pathname, search } = useLocation();
  const from = returnPath(pathname, search);
  const shortcuts = shortcutsOf(edition, instagramUrl);
  return (
    // One row at every width, in both editions, read the same way: (the menu toggle below lg) the greeting — below
    // 768 px under the product's name — on the left; the search, the shortcuts with the bell, and the account menu on
    // the right. What does not fit folds away rather than wrapping: the shortcuts' words below 1280 px (their icons
    // stay), and on a phone the search box (an icon to the search page) and the shortcuts (the account menu lists
    // them). The edition changes what it holds (flightDeck's Instagram link), not the order.
    <header className="flex h-14 flex-nowrap items-center gap-1 border-b border-slate-200 bg-white px-2 sm:gap-2 sm:px-6" data-edition={edition} data-header>
      {/* The small screens' menu toggle: the label of the frame's hidden checkbox (_app.tsx), so it works without JavaScript. */}
      <label htmlFor="nav-toggle" className="btn-quiet btn-icon shrink-0 cursor-pointer text-slate-700 lg:hidden" data-menu-toggle>
        <Icon name="menu" className="h-5 w-5" />
        <span className="sr-only">Menu</span>
      </label>
      {/* Below 768 px the product's name is the row's title and the greeting a line under it (said once at every width). */}
      <div className="min-w-0 flex-1 px-1 md:px-0">
        <p className="truncate text-base font-semibold leading-5 md:hidden" data-header-title>
          {productName[edition]}
        </p>
        <p className="truncate text-xs leading-4 text-slate-500 md:text-base md:font-semibold md:leading-6 md:text-slate-900" data-greeting>
          {greeting}, {user.name}
        </p>
      </div>
      <HeaderSearch className="hidden sm:block" />
      <Link to="/search" className="btn-quiet btn-icon shrink-0 text-slate-600 sm:hidden" aria-label="Search" data-header-search-link>
        <Icon name="search" className="h-5 w-5" />
      </Link>
      {/* The spec's order: the calendar shortcut, the bell, the find-products shortcut (then flightDeck's Instagram), the account menu. */}
      <nav aria-label="Shortcuts" className="flex shrink-0 items-center gap-1">
        <ShortcutLink shortcut={shortcuts[0]} />
        <NotificationBell count={notificationCount} from={from} />
        {shortcuts.slice(1).map((s) => (
          <ShortcutLink key={s.label} shortcut={s} />
        ))}
        <AccountMenu user={user} brokerPortalUrl={brokerPortalUrl} companyMenu={companyMenu} from={from} shortcuts={shortcuts} />
      </nav>
    </header>
  );
}
