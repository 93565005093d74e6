/** Whether the membership (passport) page has its screen: until it does, nobody is sent to it after signing in. */
export const MEMBERSHIP_PAGE_BUILT = false;

/**
 * Where a user lands after signing in: a company that is neither internal nor a small business goes to
 * the passport (membership) page once that page is built (MEMBERSHIP_PAGE_BUILT), the dashboard until then;
 * every other company goes to the dashboard. No one lands on a page that is not built yet.
 */
export function landingPathFor(company: { is_internal: boolean; is_small_business: boolean }): "/flightdeck-passport" | "/dashboard" {
  return MEMBERSHIP_PAGE_BUILT && !company.is_internal && !company.is_small_business ? "/flightdeck-passport" : "/dashboard";
}

/** Stands for this site when a return path is resolved: only a path that stays on it is followed. */
const OWN_ORIGIN = "http://portal.invalid";

/**
 * A `redirectTo` taken from a query string is only followed when the URL parser resolves it to a path of
 * this site: never another origin (`//evil.example`, `/\\evil.example`, `https://…`), never one with a control
 * character or a backslash anywhere (browsers drop a TAB or newline and read `/\t/evil.example` as
 * `//evil.example`), never a sign-in page. What is followed is the parser's own path, query and fragment,
 * percent-encoded, so it is always a valid Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;

  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, `${OWN_ORIGIN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (/^\/(login|logout)(\/|\?|#|$)/i.test(path) || /^\/[^/]+\/login(\/|\?|#|$)/i.test(path)) return fallback;
  return path;
}
