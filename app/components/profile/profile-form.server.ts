/**
 * The Edit Profile form as the server renders it: at once and in full. The browser build empties this module, so
 * in the browser the form (with conform) is an island fetched after the page's first-load JavaScript (`island` in
 * app/lib/island.ts).
 */
import * as form from "./profile-form";

export const profileFormOnServer: typeof form = form;
