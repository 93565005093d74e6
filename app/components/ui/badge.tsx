import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info" | "brand";

// Whole class names, so the stylesheet's build finds them in this file.
const TONE: Record<BadgeTone, string | null> = {
  neutral: null,
  success: "badge-success",
  warning: "badge-warning",
  danger: "badge-danger",
  info: "badge-info",
  brand: "badge-brand",
};

/** A status as a small tinted pill (`dot` adds a status dot before the words). */
export function Badge({ tone = "neutral", dot, children, className }: { tone?: BadgeTone; dot?: boolean; children: ReactNode; className?: string }) {
  const classes = ["badge", TONE[tone], dot ? "badge-dot" : null, className].filter(Boolean).join(" ");
  return <span className={classes}>{children}</span>;
}
