/**
 * Where a user lands after signing in: a company that is neither internal nor a small business goes to
 * the passport (membership) page; every other company goes to the dashboard.
 */
export function landingPathFor(company: { is_internal: boolean; is_small_business: boolean }): "/flightdeck-passport" | "/dashboard" {
  return !company.is_internal && !company.is_small_business ? "/flightdeck-passport" : "/dashboard";
}

/**
 * A `redirectTo` taken from a query string is only followed when it is a path of this site, never
 * another origin (`//evil.example`, `https://…`) or a sign-in page.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/^\/(login|logout)(\/|\?|$)/.test(to) || /^\/[^/]+\/login(\/|\?|$)/.test(to)) return fallback;
  return to;
}
