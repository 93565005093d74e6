/**
 * A quote's or invoice's page as the server renders it: at once and in full. The browser build empties this module,
 * so in the browser the page's body is an island fetched after the first-load JavaScript (app/lib/island.ts).
 */
import * as documentPage from "./document-page";

export const documentPageOnServer: typeof documentPage = documentPage;
