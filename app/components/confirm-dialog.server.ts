/**
 * The confirmation dialog as the server renders it: at once and in full. The browser build empties this module, so a
 * page that draws the confirmation itself (not in a nested route of its own) fetches it as an island (`island` in
 * app/lib/island.ts), keeping the dialog library out of the page's first-load JavaScript.
 */
import * as confirmDialog from "./confirm-dialog";

export const confirmDialogOnServer: typeof confirmDialog = confirmDialog;
