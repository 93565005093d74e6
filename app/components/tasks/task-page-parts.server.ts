/**
 * The task page's lower sections as the server renders them: at once and in full. The browser build empties this
 * module, so in the browser they are an island fetched after the page's first-load JavaScript (app/lib/island.ts).
 */
import * as parts from "./task-page-parts";

export const taskPagePartsOnServer: typeof parts = parts;
