/**
 * The workflow form as the server renders it: at once and in full. The browser build empties this module, so in the
 * browser the form is an island fetched after the page's first-load JavaScript (`island` in app/lib/island.ts).
 */
import * as form from "./workflow-form";

export const workflowFormOnServer: typeof form = form;
