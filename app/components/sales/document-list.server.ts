/**
 * A quotes or invoices list as the server renders it: at once and in full. The browser build empties this module,
 * so in the browser the list is an island fetched after the first-load JavaScript (app/lib/island.ts).
 */
import * as documentList from "./document-list";

export const documentListOnServer: typeof documentList = documentList;
