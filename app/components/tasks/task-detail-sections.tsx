/**
 * The task page's sections below its summary, one module each; this module gathers them for the page's island
 * (the route imports it once, the server draws it in full: task-detail-sections.server.ts).
 */
export { ActivitySection } from "./activity-section";
export { ConfidenceForm } from "./confidence-form";
export { DatapointsList } from "./datapoints-list";
export { NotesSection } from "./notes-section";
export { ProductsSection } from "./products-section";
export { ProgressForm } from "./progress-form";
export { RevenueForm } from "./revenue-form";
export { PageLinks, Section } from "./task-section";
