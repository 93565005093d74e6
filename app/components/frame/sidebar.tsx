import { NavLink, useLocation } from "@remix-run/react";
import type { Menu, MenuLink } from "#app/access/menus";
import { isActiveLink } from "#app/access/links";
import type { Variant } from "#app/lib/variant";
import { productName } from "#app/lib/variant";
import { Form } from "../form/form";

const LOGO_WIDTH: Record<Variant, number> = { smallbusiness: 210, flightdeck: 188 };

function Item({ item, underwritingUrl, pathname }: { item: MenuLink; underwritingUrl: string; pathname: string }) {
  const base = "block rounded-md px-3 py-2 text-sm hover:bg-white/10 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white";
  if (item.external) {
    return (
      <a href={underwritingUrl} target="_blank" rel="noopener noreferrer" className={`${base} text-white/85`}>
        {item.label} <span aria-hidden="true">↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  const active = isActiveLink(item.to, pathname);
  return (
    <NavLink
      to={item.to}
      prefetch="intent"
      className={`${base} ${active ? "bg-white/15 font-semibold text-white" : "text-white/85"}`}
      aria-current={active ? "page" : undefined}
    >
      {item.label}
    </NavLink>
  );
}

/** The side menu: 255 px, fixed beside the page on large screens; opened by the top bar's toggle below lg. */
export function Sidebar({ menu, edition, underwritingUrl }: { menu: Menu; edition: Variant; underwritingUrl: string }) {
  const { pathname } = useLocation();
  return (
    <aside
      id="side-menu"
      aria-label="Main menu"
      className="sidebar fixed inset-y-0 left-0 z-40 hidden w-sidebar flex-shrink-0 flex-col overflow-y-auto peer-checked:flex lg:sticky lg:top-0 lg:flex lg:h-screen"
    >
      <div className="px-4 py-5">
        <a href="/dashboard">
          <img src={`/brand/${edition}.svg`} alt={productName[edition]} width={LOGO_WIDTH[edition]} height={40} style={{ width: LOGO_WIDTH[edition] }} />
        </a>
      </div>
      {menu.top.length ? (
        <ul className="space-y-0.5 border-b border-white/10 px-2 pb-3">
          {menu.top.map((item) => (
            <li key={item.to}>
              <Item item={item} underwritingUrl={underwritingUrl} pathname={pathname} />
            </li>
          ))}
        </ul>
      ) : null}
      <nav className="flex-1 px-2 py-3">
        <ul className="space-y-0.5">
          {menu.items.map((item) =>
            item.kind === "section" ? (
              <li key={item.label} className="px-3 pb-1 pt-4 text-xs font-semibold uppercase tracking-wide text-white/75">
                {item.label}
              </li>
            ) : item.kind === "group" ? (
              <li key={item.label} className="pt-2">
                <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-white/75">{item.label}</p>
                <ul className="space-y-0.5">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <Item item={child} underwritingUrl={underwritingUrl} pathname={pathname} />
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={item.to}>
                <Item item={item} underwritingUrl={underwritingUrl} pathname={pathname} />
              </li>
            ),
          )}
        </ul>
      </nav>
      {edition === "flightdeck" ? (
        <Form method="post" action="/logout" className="border-t border-white/10 p-2">
          <button type="submit" className="w-full rounded-md px-3 py-2 text-left text-sm text-white/85 hover:bg-white/10 hover:text-white">
            Log out
          </button>
        </Form>
      ) : null}
    </aside>
  );
}
