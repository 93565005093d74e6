import { Form, Link } from "@remix-run/react";
import type { Variant } from "../../lib/variant";

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
  showCompanyProfile: boolean;
  instagramUrl: string;
}

function initials(u: HeaderUser) {
  return `${u.name.slice(0, 1)}${u.last_name.slice(0, 1)}`.toUpperCase();
}

/** The account menu: a native disclosure, so it opens with the keyboard and without JavaScript. */
function AccountMenu({ user, brokerPortalUrl, showCompanyProfile }: Pick<HeaderProps, "user" | "brokerPortalUrl" | "showCompanyProfile">) {
  const item = "block w-full rounded px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";
  return (
    <details className="group relative" data-account-menu>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 pr-3 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand [&::-webkit-details-marker]:hidden">
        {user.profile_photo_path ? (
          <img src={user.profile_photo_path} alt="" className="h-8 w-8 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-xs font-semibold text-brand-ink">
            {initials(user)}
          </span>
        )}
        <span className="hidden text-sm font-medium sm:inline">{user.name}</span>
        <span className="sr-only">Account menu</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-64 rounded-md bg-white p-2 shadow-lg ring-1 ring-slate-200">
        <div className="border-b border-slate-100 px-3 pb-2">
          <p className="text-sm font-semibold">
            {user.name} {user.last_name}
          </p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </div>
        <p className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400">Personal account</p>
        <Link to="/profile" className={item}>
          Personal profile
        </Link>
        {showCompanyProfile ? (
          <>
            <p className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400">Company account</p>
            <Link to="/company" className={item}>
              Company profile
            </Link>
          </>
        ) : null}
        {brokerPortalUrl ? (
          <a href={brokerPortalUrl} target="_blank" rel="noopener noreferrer" className={item}>
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

export function Header({ edition, greeting, user, brokerPortalUrl, showCompanyProfile, instagramUrl }: HeaderProps) {
  const shortcut = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand";
  return (
    <header className={`flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 sm:px-6 ${edition === "flightdeck" ? "flex-row" : "flex-row-reverse"}`}>
      <p className={`text-base font-semibold ${edition === "flightdeck" ? "mr-auto" : "ml-auto"}`} data-greeting>
        {greeting}, {user.name}
      </p>
      <nav aria-label="Shortcuts" className="flex items-center gap-1">
        <Link to="/calendar" className={shortcut}>
          Calendar
        </Link>
        <Link to="/find-products" className={shortcut}>
          Find products
        </Link>
        {edition === "flightdeck" ? (
          <a href={instagramUrl} target="_blank" rel="noopener noreferrer" className={shortcut}>
            Instagram<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <AccountMenu user={user} brokerPortalUrl={brokerPortalUrl} showCompanyProfile={showCompanyProfile} />
      </nav>
    </header>
  );
}
