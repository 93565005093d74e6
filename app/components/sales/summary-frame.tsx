import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon } from "../ui/icon";

/** How long the spinner shows before the frame (platform-shell §2: 5 seconds). */
export const SUMMARY_SPINNER_MS = 5000;

/**
 * The summary page: a spinner for 5 seconds, then a full-screen frame on the API host's summary. Without
 * JavaScript the frame is simply there (the spinner is hidden by a noscript style).
 */
export function SummaryFrame() {
  const { title, back, src } = useLoaderData<{ title: string; back: string; src: string }>();
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), SUMMARY_SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex flex-col bg-white" data-summary>
      <noscript>
        <style>{"[data-summary-spinner]{display:none!important}[data-summary-frame]{visibility:visible!important}"}</style>
      </noscript>
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-2">
        <Link to={back} className="btn-secondary btn-sm">
          <Icon name="arrow-left" />
          Back
        </Link>
        <h1 className="text-base font-semibold">{title}</h1>
      </div>
      <div className="relative flex-1">
        {waiting ? (
          <div className="absolute inset-0 flex items-center justify-center" role="status" data-summary-spinner>
            <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand" aria-hidden="true" />
            <span className="sr-only">Loading the summary…</span>
          </div>
        ) : null}
        <iframe
          src={src}
          title={title}
          className={`h-full w-full border-0 ${waiting ? "invisible" : "visible"}`}
          data-summary-frame
          data-ready={waiting ? undefined : "true"}
        />
      </div>
    </div>
  );
}
