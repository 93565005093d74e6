import { dateWindow } from "#common/dates";
import { Field, type FieldProps } from "./field";

export interface DateInputProps extends Omit<FieldProps, "type" | "min" | "max"> {
  /** Today for the ±200-year window (a Date or "YYYY-MM-DD"); default now on the UK calendar. */
  today?: Date | string;
  /** Narrower bounds than the window ("YYYY-MM-DD"), e.g. a range's From never after its To. */
  min?: string;
  max?: string;
}

/**
 * A date field (spec §5): `type="date"` holding "YYYY-MM-DD", limited to 200 years either side of
 * today. Browsers without a date picker show a text box; the placeholder tells the format, and the
 * server checks it (contract/fields.ts `dateText`: year-month-day, a real date, within 200 years).
 */
export function DateInput({ today, min, max, placeholder = "YYYY-MM-DD", ...props }: DateInputProps) {
  const window = dateWindow(today);
  return (
    <Field
      {...props}
      type="date"
      placeholder={placeholder}
      min={min && min > window.min ? min : window.min}
      max={max && max < window.max ? max : window.max}
      // The window is computed from today on both sides; across midnight they may differ by a day.
      suppressHydrationWarning
    />
  );
}
