import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";

export type AlertTone = "info" | "success" | "warning" | "danger";

const ICON: Record<AlertTone, IconName> = { info: "info", success: "circle-check", warning: "triangle-alert", danger: "circle-alert" };
// Whole class names, so the stylesheet's build finds them in this file.
const TONE: Record<AlertTone, string> = { info: "alert-info", success: "alert-success", warning: "alert-warning", danger: "alert-danger" };

/**
 * A message on a page, in the kit's look: tinted by its tone, with its icon and an optional title. `role` is for the
 * caller: "alert" for a message that has just appeared (a refused form), "status" for news, none for a standing note.
 */
export function Alert({
  tone = "info",
  title,
  children,
  role,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  role?: "alert" | "status";
  className?: string;
}) {
  return (
    <div role={role} className={`alert ${TONE[tone]}${className ? ` ${className}` : ""}`} data-alert={tone}>
      <Icon name={ICON[tone]} />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? "mt-0.5 opacity-90" : undefined}>{children}</div> : null}
      </div>
    </div>
  );
}
