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
  compact,
  className,
}: {
  icon?: IconName;
  /** Inside a section of a page (a panel's empty list): less room around it. */
  compact?: boolean;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-center text-center ${compact ? "px-4 py-6" : "px-6 py-12"}${className ? ` ${className}` : ""}`} data-empty-state>
      <span
        className={`flex items-center justify-center rounded-full bg-brand/10 text-brand ${compact ? "h-9 w-9 ring-4 ring-brand/5" : "h-11 w-11 ring-8 ring-brand/5"}`}
      >
        <Icon name={icon} className={compact ? "h-[18px] w-[18px]" : "h-5 w-5"} />
      </span>
      <p className={`font-semibold text-slate-900 ${compact ? "mt-3 text-sm" : "mt-4 text-base"}`}>{title}</p>
      {children ? <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
