import { Suspense } from "react";
import { island } from "../lib/island";
import { errorPageOnServer } from "./error-page.server";

// Errors are rare: what they show (error-page.tsx) is drawn by the server with the page, and in the browser its
// code is a chunk of its own, fetched when an error is to be shown (or hydrated).
const page = island(() => import("./error-page"), errorPageOnServer);

function ErrorPagePart({ frame }: { frame?: boolean }) {
  const { ErrorPage, FrameErrorPage } = page.read();
  return frame ? <FrameErrorPage /> : <ErrorPage />;
}

/** The error boundary of pages inside the frame: not found, not allowed, unavailable, or a general error; never a stack. */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ErrorPagePart />
    </Suspense>
  );
}

/** The error boundary of the frame itself (error-page.tsx): the product's side bar and header, and the error. */
export function FrameErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ErrorPagePart frame />
    </Suspense>
  );
}
