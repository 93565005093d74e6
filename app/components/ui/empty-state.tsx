import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";

/**
 * What a list or section shows when it holds nothing yet: an icon, a title, a line of help and, where the user
 * may act, the action that fills it ("New task").
 */
export function EmptyState({
  icon = "inbox",
  title,
  children,
  action,
  className,
}: {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-center px-6 py-12 text-center${className ? ` ${className}` : ""}`} data-empty-state>
      <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand/10 text-brand ring-8 ring-brand/5">
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
