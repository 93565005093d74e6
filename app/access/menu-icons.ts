import type { IconName } from "#app/components/ui/icon-names";
import type { Menu, MenuLink } from "./menus";

/**
 * The icon of each side-menu entry, by the entry's address (an entry that is in both editions, such as Pipelines,
 * has one icon in both). tests/unit/menus.test.ts checks that every entry of both menus has one.
 */
export const MENU_ICONS: Record<string, IconName> = {
  "/company": "building-2",
  "/flightdeck-passport": "id-card",
  "/team": "users",
  "/roles": "shield-check",
  "/flightplan": "route",
  "/dashboard": "layout-dashboard",
  "/find-products": "store",
  "/my-products": "package",
  "/providers": "landmark",
  "/data-playpen": "flask-conical",
  "/data-completeness-score": "gauge",
  "/market-valuation": "chart-line",
  "/integration": "plug",
  "/quotes": "file-text",
  "/invoices": "receipt",
  "/tasks": "list-checks",
  "/pipelines": "kanban",
  "/individuals": "user",
  "/companies": "building-2",
  "/document-templates": "files",
  "/workflows": "workflow",
  "#underwriting": "briefcase",
  "/offshore-client-accounts": "wallet",
  "/policies": "file-check",
  "/off-platform-policies": "file-archive",
  "/benefits": "gift",
  "/calendar": "calendar",
  "/stripe-connect": "plug-zap",
  "/terminal-orders": "shopping-cart",
  "/terminal-app": "tablet-smartphone",
  "/transactions": "credit-card",
  "/account-settings": "settings",
};

/** The icon of a menu entry (smallBusiness's Home is the house; a task list there holds opportunities, the target). */
export function menuIcon(item: Pick<MenuLink, "to" | "label">): IconName {
  if (item.label === "Home") return "house";
  if (item.label === "Opportunities") return "target";
  return MENU_ICONS[item.to] ?? "chevron-right";
}

/** The menu with each link's icon (the frame's loader sends it so: app/services/menus.server.ts). */
export function withIcons(menu: Menu): Menu {
  const iconed = (link: MenuLink): MenuLink => ({ ...link, icon: menuIcon(link) });
  return {
    top: menu.top.map(iconed),
    items: menu.items.map((item) => (item.kind === "link" ? iconed(item) : item.kind === "group" ? { ...item, children: item.children.map(iconed) } : item)),
  };
}
