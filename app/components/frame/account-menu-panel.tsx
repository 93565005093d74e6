import { Link } from "@remix-run/react";
import type { CompanySwitcher } from "#app/access/account-menu";
import type { HeaderShortcut, HeaderUser } from "./header";
import { PHONE_POPOVER } from "./popover";
import { Form } from "../form/form";
import { Icon } from "../ui/icon";

export interface AccountMenuPanelProps {
  user: HeaderUser;
  /** The broker-portal link (user uuid appended), for users with hasCedarPermission. */
  brokerPortalUrl: string | null;
  companyMenu: CompanySwitcher;
  /** 'Personal profile': the profile drawer, returning to the current page. */
  profileTo: string;
  /** The header's shortcuts: listed here on the screens where the header folds them away. */
  shortcuts: HeaderShortcut[];
}

/**
 * What the account menu opens to: name, last name and e-mail; 'Personal account' > 'Personal profile' (the
 * profile drawer); the company switcher (under 'Company account' in flightDeck); the broker portal
 * (hasCedarPermission, new tab); 'Log Out'. Drawn by the server with every page; in the browser its code is an
 * island (header.tsx), since the menu stays closed on most visits.
 */
export function AccountMenuPanel({ user, brokerPortalUrl, companyMenu, profileTo, shortcuts }: AccountMenuPanelProps) {
  const item = "block w-full rounded px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";
  const heading = "px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500";
  return (
    <div className={`absolute right-0 z-30 mt-2 w-64 rounded-md ${PHONE_POPOVER} bg-white p-2 shadow-lg ring-1 ring-slate-200`}>
      <div className="border-b border-slate-100 px-3 pb-2">
        <p className="text-sm font-semibold">
          {user.name} {user.last_name}
        </p>
        <p className="truncate text-xs text-slate-500">{user.email}</p>
      </div>
      {/* The header's shortcuts, on the screens whose header has no room for them (the same breakpoints as header.tsx). */}
      <ul
        aria-label="Shortcuts"
        className={`mt-1 border-b border-slate-100 pb-1 ${shortcuts.every((s) => s.foldBelow === "sm") ? "sm:hidden" : "xl:hidden"}`}
        data-menu-shortcuts
      >
        {shortcuts.map((s) => (
          <li key={s.label} className={s.foldBelow === "sm" ? "sm:hidden" : "xl:hidden"}>
            {s.external ? (
              <a href={s.to} target="_blank" rel="noopener noreferrer" className={`${item} flex items-center gap-2`}>
                <Icon name={s.icon ?? "external-link"} className="text-slate-500" />
                {s.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <Link to={s.to} className={`${item} flex items-center gap-2`}>
                {s.icon ? <Icon name={s.icon} className="text-slate-500" /> : null}
                {s.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className={heading}>Personal account</p>
      <Link to={profileTo} className={item}>
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
          Broker portal
          <Icon name="external-link" className="ml-1.5 h-3.5 w-3.5 text-slate-400" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      <Form method="post" action="/logout" className="mt-1 border-t border-slate-100 pt-1">
        <button type="submit" className={item}>
          Log Out
        </button>
      </Form>
    </div>
  );
}
