/**
 * The list kit's parts as the server renders them: at once and in full. The browser build empties this module, so in
 * the browser they are an island fetched after the page's first-load JavaScript (`island` in app/lib/island.ts).
 */
import * as parts from "./list-parts";

export const listPartsOnServer: typeof parts = parts;
