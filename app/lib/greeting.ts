/**
 * The header greeting: Good Morning until 12:00 (the whole of hour 12 is morning), Good Afternoon
 * from 13:00 to 17:59, Good Evening from 18:00.
 */
export function greetingFor(hour: number): "Good Morning" | "Good Afternoon" | "Good Evening" {
  if (hour <= 12) return "Good Morning";
  if (hour < 18) return "Good Afternoon";
  return "Good Evening";
}

/**
 * Built once: a formatter costs far more to create than to use (it ran on every page). Marked pure so that the
 * browser bundle, where only the frame's loader (server) uses it, drops it.
 */
const ukHourFormat = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Europe/London" });

/** The hour of `date` on the UK clock (the product's users are in the UK). */
export function ukHour(date: Date): number {
  return Number(ukHourFormat.format(date));
}
