/** How an export writes dates, times and money: the UK calendar and clock, four-digit years for spreadsheets. */
const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" });
const clock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** A calendar date ("2026-03-01") as dd/mm/yyyy; blank for none. */
export function dateCell(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

/** An instant (ISO text or Date) as dd/mm/yyyy HH:mm on the UK clock; blank for none. */
export function dateTimeCell(value: string | Date | null | undefined): string {
  if (!value) return "";
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? "" : `${day.format(d)} ${clock.format(d)}`;
}

/** Pence as pounds, a number (a spreadsheet adds them up; a negative stays a number, not text). */
export const poundsCell = (pence: number | null | undefined) => (pence === null || pence === undefined ? null : pence / 100);

export const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? "" : value ? "Yes" : "No");

/**
 * Pence as pounds with two decimals ("1234.50"), written from the integer (no division in floating point, so no
 * 0.1 + 0.2 drift, and 1990 pence is 19.90, not 19.9); blank for none. Amounts a spreadsheet reads as numbers.
 */
export function moneyCell(pence: number | null | undefined): string {
  if (pence === null || pence === undefined || !Number.isSafeInteger(pence)) return "";
  const abs = Math.abs(pence);
  return `${pence < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
