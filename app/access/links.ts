/**
 * Path helpers of the frame that run in the browser (sidebar, header). Kept apart from the menus and the route
 * table (menus.ts, account-menu.ts, contract/portal-routes.ts), which the loaders use: importing those from a component would
 * put the whole route table into every page's first-load JavaScript.
 */

const STICKY_WORDS = ["pipeline", "benefit", "loyalty"];

/** A client's page belongs to its list: /company/12 lights up Company contacts, not the company profile (/company). */
const LIST_OF_DETAIL: Record<string, string> = { "/individual": "/individuals", "/company": "/companies" };

/** Whether a sidebar link is the current page: its own path or below it; links about pipelines, benefits or loyalty also light up on any page of theirs. */
export function isActiveLink(to: string, pathname: string): boolean {
  const list = Object.entries(LIST_OF_DETAIL).find(([detail]) => pathname.startsWith(`${detail}/`))?.[1];
  if (list) return to === list;
  if (pathname === to || pathname.startsWith(`${to}/`)) return true;
  return STICKY_WORDS.some((w) => to.includes(w) && pathname.includes(w));
}

/** Where 'Personal profile' goes: the profile drawer, which closes back to the page it was opened on. */
export function profileHref(currentPath: string): string {
  const from = safeReturnPath(currentPath);
  return from && from !== "/profile" ? `/profile?${new URLSearchParams({ from })}` : "/profile";
}

/**
 * A path of this portal to come back to, or null: one leading "/", no "//" or backslash (which a browser
 * could read as another site), at most 500 characters. Used for every `from` parameter.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null;
}
