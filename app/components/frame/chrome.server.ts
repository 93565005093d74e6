/**
 * The frame's chrome as the server renders it: at once and in full. The browser build empties this module, so in
 * the browser the chrome is an island fetched after the page's first-load JavaScript (`island` in app/lib/island.ts).
 */
import * as chrome from "./chrome";

export const frameChromeOnServer: typeof chrome = chrome;
