/**
 * The synced kind's list and page as the server renders them: at once and in full. The browser build empties this
 * module, so in the browser they are islands fetched after the first-load JavaScript (app/lib/island.ts).
 */
import * as syncedList from "./synced-list";
import * as syncedDocument from "./synced-document";

export const syncedListOnServer: typeof syncedList = syncedList;
export const syncedDocumentOnServer: typeof syncedDocument = syncedDocument;
