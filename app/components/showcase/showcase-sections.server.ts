/**
 * The showcase's sections as the server renders them: at once and in full. The browser build empties this module, so
 * in the browser they are an island fetched after the page's first-load JavaScript (`island` in app/lib/island.ts).
 */
import * as sections from "./showcase-sections";

export const showcaseSectionsOnServer: typeof sections = sections;
