import type { ReactNode } from "react";
import { Icon, type IconName } from "../ui/icon";

/**
 * One section of the task page: a titled card of the kit, named by its heading (a region), with an optional
 * icon, a line saying what it is for, and links of its own beside the title.
 */
export function TaskCard({
  id,
  title,
  icon,
  info,
  aside,
  children,
}: {
  id: string;
  title: ReactNode;
  icon?: IconName;
  info?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card scroll-mt-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          {icon ? <Icon name={icon} className="h-[18px] w-[18px] text-slate-400" /> : null}
          {title}
        </h2>
        {aside ? <div className="flex items-center gap-3 text-sm">{aside}</div> : null}
      </div>
      {info ? <p className="mt-1 text-sm text-slate-500">{info}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
