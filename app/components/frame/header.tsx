import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { CompanySwitcher } from "../../access/account-menu";
import { profileHref, safeReturnPath } from "../../access/links";
import type { Variant } from "../../lib/variant";
import { NotificationBell } from "../notifications/bell";
import { HeaderSearch } from "../search/header-search";

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

/**
 * The account menu: a native disclosure, so it opens with the keyboard and without JavaScript. Name, last
 * name and e-mail; 'Personal account' > 'Personal profile' (the profile drawer); the company switcher
 * (under 'Company account' in flightDeck); the broker portal (hasCedarPermission, new tab); 'Log Out'.
 */
function AccountMenu({ user, brokerPortalUrl, companyMenu, from }: Pick<HeaderProps, "user" | "brokerPortalUrl" | "companyMenu"> & { from: string }) {
  const item = "block w-full rounded px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";
  const heading = "px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400";
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // With JavaScript a navigation does not reload the page: close the menu as a page load would.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details ref={ref} className="group relative" data-account-menu>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 pr-3 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand [&::-webkit-details-marker]:hidden">
        {user.profile_photo_path ? (
          <img src={user.profile_photo_path} alt="" className="h-8 w-8 rounded-full object-cover" data-avatar />
        ) : (
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-xs font-semibold text-brand-ink">
            {initials(user)}
          </span>
        )}
        <span className="hidden text-sm font-medium sm:inline" data-account-name>
          {user.name}
        </span>
        <span className="sr-only">Account menu</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-64 rounded-md bg-white p-2 shadow-lg ring-1 ring-slate-200">
        <div className="border-b border-slate-100 px-3 pb-2">
          <p className="text-sm font-semibold">
            {user.name} {user.last_name}
          </p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </div>
        <p className={heading}>Personal account</p>
        <Link to={profileHref(from)} className={item}>
          Personal profile
        </Link>
        <div className="mt-1 border-t border-slate-100" data-company-switcher>
          {companyMenu.heading ? <p className={heading}>{companyMenu.heading}</p> : null}
          <p className="flex items-center gap-2 px-3 pb-1 pt-2 text-sm font-semibold text-slate-800">
            <span aria-hidden="true" className="flex h-5 w-5 items-center justify-center rounded bg-brand text-[10px] font-bold text-brand-ink">
              {companyMenu.companyName.slice(0, 1).toUpperCase()}
            </span>
            <span data-company-name>{companyMenu.companyName}</span>
          </p>
          {companyMenu.items.length ? (
            <ul aria-label={`${companyMenu.companyName} pages`}>
              {companyMenu.items.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={`${item} pl-10`}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {brokerPortalUrl ? (
          <a href={brokerPortalUrl} target="_blank" rel="noopener noreferrer" className={`${item} mt-1 border-t border-slate-100`}>
            Broker portal <span aria-hidden="true">↗</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Form method="post" action="/logout" className="mt-1 border-t border-slate-100 pt-1">
          <button type="submit" className={item}>
            Log Out
          </button>
        </Form>
      </div>
    </details>
  );
}

export function Header({ edition, greeting, user, brokerPortalUrl, companyMenu, notificationCount, instagramUrl }: HeaderProps) {
  const { pathname, search } = useLocation();
  const from = returnPath(pathname, search);
  const shortcut = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand";
  return (
    <header className={`flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 sm:px-6 ${edition === "flightdeck" ? "flex-row" : "flex-row-reverse"}`}>
      <p className={`text-base font-semibold ${edition === "flightdeck" ? "mr-auto" : "ml-auto"}`} data-greeting>
        {greeting}, {user.name}
      </p>
      <HeaderSearch />
      <nav aria-label="Shortcuts" className="flex items-center gap-1">
        <Link to="/calendar" className={shortcut}>
          Calendar
        </Link>
        <NotificationBell count={notificationCount} from={from} />
        <Link to="/find-products" className={shortcut}>
          Find products
        </Link>
        {edition === "flightdeck" ? (
          <a href={instagramUrl} target="_blank" rel="noopener noreferrer" className={shortcut}>
            Instagram<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <AccountMenu user={user} brokerPortalUrl={brokerPortalUrl} companyMenu={companyMenu} from={from} />
      </nav>
    </header>
  );
}
