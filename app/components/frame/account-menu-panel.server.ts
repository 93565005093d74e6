/**
 * The account menu's panel as the server renders it: at once and in full. The browser build empties this module,
 * so in the browser the panel is an island fetched after the page's first-load JavaScript (`island` in
 * app/lib/island.ts).
 */
import * as panel from "./account-menu-panel";

export const accountMenuPanelOnServer: typeof panel = panel;
