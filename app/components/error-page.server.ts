/**
 * The error page of the frame as the server renders it: at once and in full. The browser build empties this
 * module, so in the browser its code is a chunk fetched when an error is to be shown (`island` in
 * app/lib/island.ts).
 */
import * as page from "./error-page";

export const errorPageOnServer: typeof page = page;
