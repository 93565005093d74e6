const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date as the portal shows it: "2026-11-20" → "20/11/26" (spec §9), without any time-zone shift; null
 * for anything else. No `Intl` formatter, so a component of a first-load chunk may use it (format.ts's are
 * module-level side effects that esbuild keeps).
 */
export function shownDateText(text: string): string | null {
  const m = DATE_TEXT.exec(text.trim());
  return m ? `${m[3]}/${m[2]}/${m[1]!.slice(-2)}` : null;
}
