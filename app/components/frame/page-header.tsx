import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { Icon } from "../ui/icon";

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
          <Link to={backTo} className="btn-secondary btn-sm" aria-label="Back">
            <Icon name="arrow-left" />
            Back
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {info ? (
          <span className="group inline-flex sm:relative">
            <button
              type="button"
              aria-describedby={tipId}
              className="flex h-6 w-6 items-center justify-center rounded-full text-slate-400 hover:bg-slate-900/5 hover:text-slate-700 focus:outline-none focus-visible:shadow-focus"
            >
              <Icon name="info" className="h-[18px] w-[18px]" />
              <span className="sr-only">More information</span>
            </button>
            <span
              role="tooltip"
              id={tipId}
              className="invisible absolute inset-x-0 top-full z-20 mt-1 rounded-md sm:left-7 sm:right-auto sm:top-0 sm:mt-0 sm:w-64 bg-slate-900 px-3 py-2 text-xs text-white opacity-0 shadow-popover group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
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
