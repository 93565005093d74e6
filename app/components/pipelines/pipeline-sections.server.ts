/**
 * The pipeline's page sections as the server renders them: at once and in full. The browser build empties this
 * module, so in the browser the sections are an island fetched after the page's first-load JavaScript
 * (`island` in app/lib/island.ts).
 */
import * as sections from "./pipeline-sections";

export const pipelineSectionsOnServer: typeof sections = sections;
