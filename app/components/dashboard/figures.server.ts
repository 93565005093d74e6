/**
 * The dashboard's figures as the server renders them: at once and in full. The browser build empties this
 * module, so in the browser the figures are an island fetched after the page's first-load JavaScript
 * (`island` in app/lib/island.ts).
 */
import * as figures from "./figures";

export const figuresOnServer: typeof figures = figures;
