/**
 * The team drawer's content as the server renders it: at once and in full. The browser build empties this module,
 * so in the browser the content is an island fetched after the page's first-load JavaScript (`island` in
 * app/lib/island.ts).
 */
import * as body from "./team-drawer-body";

export const teamDrawerBodyOnServer: typeof body = body;
