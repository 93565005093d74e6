/** The largest id a row can have (a PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** Text naming an id as addresses, filters and forms carry it: digits without a leading zero, at most MAX_ID. */
export function isIdText(text: unknown): text is string {
  return typeof text === "string" && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ID;
}

/** Text naming a uuid (a provider's, a company's sign-in page). */
export const isUuidText = (text: unknown): text is string => typeof text === "string" && /^[0-9a-f-]{36}$/i.test(text);
