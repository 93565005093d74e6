import { mayOpen, type AccessSubject } from "#contract/portal-routes";
import type { IconName } from "../components/ui/icon-names";
import type { Variant } from "../lib/variant";

export interface MenuLink {
  kind: "link";
  label: string;
  to: string;
  /** Opens another site in a new tab (its address comes from configuration). */
  external?: "underwriting";
  /** Hidden for parent tenants (Flightplan). */
  hideForParentTenant?: boolean;
  /** Its side-menu icon, added on the server (app/access/menu-icons.ts), so the map is not in the page's JavaScript. */
  icon?: IconName;
}
export interface MenuGroup {
  kind: "group";
  label: string;
  children: MenuLink[];
  hideFor?: Variant;
}
export interface MenuSection {
  kind: "section";
  label: string;
}
export type MenuItem = MenuLink | MenuGroup | MenuSection;

export interface Menu {
  top: MenuLink[];
  items: MenuItem[];
}

const link = (label: string, to: string, more: Partial<MenuLink> = {}): MenuLink => ({ kind: "link", label, to, ...more });
const group = (label: string, children: MenuLink[], more: Partial<MenuGroup> = {}): MenuGroup => ({ kind: "group", label, children, ...more });

export const menus: Record<Variant, Menu> = {
  flightdeck: {
    top: [link("Company profile", "/company"), link("Membership", "/flightdeck-passport"), link("Teams", "/team"), link("Roles & permissions", "/roles")],
    items: [
      link("Flightplan", "/flightplan", { hideForParentTenant: true }),
      link("Dashboard", "/dashboard"),
      group("Marketplace", [link("Find Products", "/find-products"), link("My products", "/my-products"), link("Providers", "/providers")]),
      group("Data centre", [link("Data playpen", "/data-playpen"), link("Data completeness score", "/data-completeness-score")], { hideFor: "smallbusiness" }),
      link("Market valuation", "/market-valuation"),
      link("Integration", "/integration"),
      group("Ad hoc quotes and invoices", [link("Quotes", "/quotes"), link("Invoices", "/invoices")]),
      { kind: "section", label: "Your secure DATA" },
      group("CRM", [
        link("Tasks", "/tasks"),
        link("Pipelines", "/pipelines"),
        link("Individuals contacts", "/individuals"),
        link("Company contacts", "/companies"),
        link("Document templates", "/document-templates"),
        link("Workflow management", "/workflows"),
      ]),
      link("Underwriting portal", "#underwriting", { external: "underwriting" }),
      group("Offshore bonds", [link("Client accounts", "/offshore-client-accounts")]),
      group("Policy management", [link("Online Policies", "/policies"), link("Offline Policies", "/off-platform-policies")]),
    ],
  },
  smallbusiness: {
    top: [],
    items: [
      link("Home", "/dashboard"),
      link("Benefits", "/benefits"),
      link("Your calendar", "/calendar"),
      group("Customers", [
        link("Opportunities", "/tasks"),
        link("Pipelines", "/pipelines"),
        link("Individual customers", "/individuals"),
        link("Company customers", "/companies"),
        link("Document templates", "/document-templates"),
        link("Automations", "/workflows"),
      ]),
      group("Quotes and invoices", [link("Quotes", "/quotes"), link("Invoices", "/invoices")], { hideFor: "flightdeck" }),
      group("Low-cost payments", [link("Connect", "/stripe-connect"), link("Terminal orders", "/terminal-orders"), link("Terminal app", "/terminal-app")]),
      group("Customer transactions", [link("Payments", "/transactions")]),
      group("Settings", [link("Account settings", "/account-settings"), link("Teams", "/team"), link("Roles & permissions", "/roles")]),
    ],
  },
};

/** A menu link shows when the user may open its route (any-of permissions, edition, parent-tenant rule). */
export function linkVisible(item: MenuLink, who: AccessSubject): boolean {
  if (item.hideForParentTenant && who.isParentTenant) return false;
  if (item.external) return true;
  return mayOpen(item.to, who);
}

/** The menu of an edition as this user sees it: hidden links dropped, empty groups and trailing sections removed. */
export function visibleMenu(edition: Variant, who: AccessSubject): Menu {
  const menu = menus[edition];
  const items: MenuItem[] = [];
  for (const item of menu.items) {
    if (item.kind === "link") {
      if (linkVisible(item, who)) items.push(item);
    } else if (item.kind === "group") {
      if (item.hideFor === who.edition) continue;
      const children = item.children.filter((c) => linkVisible(c, who));
      if (children.length) items.push({ ...item, children });
    } else {
      items.push(item);
    }
  }
  const cleaned = items.filter((item, i) => item.kind !== "section" || (items[i + 1] && items[i + 1].kind !== "section"));
  return { top: menu.top.filter((l) => linkVisible(l, who)), items: cleaned };
}

export { isActiveLink } from "./links";
