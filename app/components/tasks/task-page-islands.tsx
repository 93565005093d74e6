import { island, islandPart } from "#app/lib/island";
import { taskPagePartsOnServer } from "./task-page-parts.server";

// The task page's events, calls and quotes and invoices (task-page-parts.tsx) are an island: the server draws them in
// full, the browser hydrates them once their chunk has arrived, after the page's first-load JavaScript; until then
// their links and forms work as they do without JavaScript.
const parts = island(() => import("./task-page-parts"), taskPagePartsOnServer);

/** The task's calendar events (calendar/linked-events.tsx). */
export const LinkedEvents = islandPart(parts, (m) => m.LinkedEvents);
/** The task's calls (calls/calls-panel.tsx). */
export const CallsPanel = islandPart(parts, (m) => m.CallsPanel);
/** The task's quotes and invoices (sales/sales-section.tsx). */
export const SalesSection = islandPart(parts, (m) => m.SalesSection);
