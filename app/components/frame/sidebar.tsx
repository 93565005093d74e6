import { NavLink, useLocation } from "@remix-run/react";
import type { Menu, MenuLink } from "#app/access/menus";
import { isActiveLink } from "#app/access/links";
import type { Variant } from "#app/lib/variant";
import { productName } from "#app/lib/variant";
import { Form } from "../form/form";
import { Icon } from "../ui/icon";

const LOGO_WIDTH: Record<Variant, number> = { smallbusiness: 210, flightdeck: 188 };

function Item({ item, underwritingUrl, pathname }: { item: MenuLink; underwritingUrl: string; pathname: string }) {
  const icon = <Icon name={item.icon ?? "chevron-right"} />;
  if (item.external) {
    return (
      <a href={underwritingUrl} target="_blank" rel="noopener noreferrer" className="sidebar-link">
        {icon}
        <span className="min-w-0 flex-1 truncate">{item.label}</span>
        <Icon name="external-link" className="h-3.5 w-3.5" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  const active = isActiveLink(item.to, pathname);
  return (
    <NavLink to={item.to} prefetch="intent" className="sidebar-link" aria-current={active ? "page" : undefined}>
      {icon}
      <span className="min-w-0 flex-1 truncate">{item.label}</span>
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
      <div className="px-5 pb-4 pt-5">
        <a href="/dashboard">
          <img src={`/brand/${edition}.svg`} alt={productName[edition]} width={LOGO_WIDTH[edition]} height={40} style={{ width: LOGO_WIDTH[edition] }} />
        </a>
      </div>
      {menu.top.length ? (
        <ul className="space-y-px border-b border-white/[0.08] px-3 pb-3">
          {menu.top.map((item) => (
            <li key={item.to}>
              <Item item={item} underwritingUrl={underwritingUrl} pathname={pathname} />
            </li>
          ))}
        </ul>
      ) : null}
      <nav className="flex-1 px-3 py-2">
        <ul className="space-y-px">
          {menu.items.map((item) =>
            item.kind === "section" ? (
              <li key={item.label} className="sidebar-heading pt-5">
                {item.label}
              </li>
            ) : item.kind === "group" ? (
              <li key={item.label} className="pt-4">
                <p className="sidebar-heading">{item.label}</p>
                <ul className="space-y-px">
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
        <Form method="post" action="/logout" className="border-t border-white/[0.08] p-3">
          <button type="submit" className="sidebar-link w-full">
            <Icon name="log-out" />
            Log out
          </button>
        </Form>
      ) : null}
    </aside>
  );
}
