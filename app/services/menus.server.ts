/**
 * The frame's loader builds the side menu and the company switcher from the route table. Imported through this
 * .server module, which Remix leaves out of the browser's bundle: the route table is built with calls at module
 * level, so importing it into a route module, even for its loader alone, put it in every page's first-load
 * JavaScript. Components that need a path helper use app/access/links.ts.
 */
import type { AccessSubject } from "#contract/portal-routes";
import { withIcons } from "../access/menu-icons";
import { visibleMenu as visibleLinks } from "../access/menus";
import type { Variant } from "../lib/variant";

/** The side menu this user sees, each link with its icon. */
export const visibleMenu = (edition: Variant, who: AccessSubject) => withIcons(visibleLinks(edition, who));
export { companySwitcher } from "../access/account-menu";
