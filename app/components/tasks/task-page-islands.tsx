import { Suspense, type ComponentType } from "react";
import { island } from "#app/lib/island";
import type * as Parts from "./task-page-parts";
import { taskPagePartsOnServer } from "./task-page-parts.server";

// The task page's events, calls and quotes and invoices (task-page-parts.tsx) are an island: the server draws them in
// full, the browser hydrates them once their chunk has arrived, after the page's first-load JavaScript; until then
// their links and forms work as they do without JavaScript.
const parts = island(() => import("./task-page-parts"), taskPagePartsOnServer);

function islandPart<P extends object>(pick: (m: typeof Parts) => ComponentType<P>) {
  function Part(props: P) {
    const Component = pick(parts.read());
    return <Component {...props} />;
  }
  return function IslandPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/** The task's calendar events (calendar/linked-events.tsx). */
export const LinkedEvents = islandPart((m) => m.LinkedEvents);
/** The task's calls (calls/calls-panel.tsx). */
export const CallsPanel = islandPart((m) => m.CallsPanel);
/** The task's quotes and invoices (sales/sales-section.tsx). */
export const SalesSection = islandPart((m) => m.SalesSection);
