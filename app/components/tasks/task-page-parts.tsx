/**
 * The task page's sections below its details that JavaScript does nothing in until they are used — its calendar
 * events, its calls and its quotes and invoices — as one island: see task-page-islands.tsx.
 */
export { LinkedEvents } from "../calendar/linked-events";
export { CallsPanel } from "../calls/calls-panel";
export { SalesSection } from "../sales/sales-section";
