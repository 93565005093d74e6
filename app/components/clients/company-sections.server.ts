/**
 * The company's page sections as the server renders them: at once and in full. The browser build empties this
 * module, so in the browser the sections are an island fetched after the page's first-load JavaScript
 * (`island` in app/lib/island.ts).
 */
import * as sections from "./company-sections";

export const companySectionsOnServer: typeof sections = sections;
