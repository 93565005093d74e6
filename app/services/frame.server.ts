import { todayInLondon } from "#common/dates";
import { greetingFor, ukHour } from "../lib/greeting";

/**
 * What the frame shows that depends on the time, by the UK clock: the greeting, the footer's year and today's
 * date (what is overdue). A server module, so that the date helpers stay out of the frame's browser chunk.
 */
export function frameClock(now = new Date()) {
  return { greeting: greetingFor(ukHour(now)), year: now.getFullYear(), today: todayInLondon(now) };
}
