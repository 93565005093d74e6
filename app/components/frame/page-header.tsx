import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";

export interface PageHeaderProps {
  companyName: string;
  title: string;
  backTo?: string;
  info?: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** Company-name bar, optional back button, title with an info tooltip, optional description. */
export function PageHeader({ companyName, title, backTo, info, description, actions }: PageHeaderProps) {
  const tipId = useId();
  return (
    <div className="mb-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand" data-company-bar>
        {companyName}
      </p>
      <div className="relative mt-1 flex flex-wrap items-center gap-3">
        {backTo ? (
          <Link to={backTo} className="rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-100" aria-label="Back">
            ← Back
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold">{title}</h1>
        {info ? (
          <span className="group inline-flex sm:relative">
            <button
              type="button"
              aria-describedby={tipId}
              className="flex h-5 w-5 items-center justify-center rounded-full border border-slate-400 text-xs text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
            >
              i<span className="sr-only">More information</span>
            </button>
            <span
              role="tooltip"
              id={tipId}
              className="invisible absolute inset-x-0 top-full z-20 mt-1 rounded-md sm:left-7 sm:right-auto sm:top-0 sm:mt-0 sm:w-64 bg-slate-800 px-3 py-2 text-xs text-white opacity-0 shadow group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
            >
              {info}
            </span>
          </span>
        ) : null}
        {actions ? <div className="ml-auto flex gap-2">{actions}</div> : null}
      </div>
      {description ? <div className="mt-2 max-w-3xl text-sm text-slate-600">{description}</div> : null}
    </div>
  );
}
