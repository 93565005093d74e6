import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { config } from "./config.server";

export type ToastKind = "success" | "error" | "info";
export interface Toast {
  kind: ToastKind;
  message: string;
}

interface SessionData {
  token: string;
  companyUuid: string;
  verificationToken: string;
  verificationEmail: string;
}
interface FlashData {
  toast: Toast;
  /** How many items of a bulk action failed: the list shows the bulk-error banner. */
  bulkFailed: number;
}

/** Secure cookies (and the __Host- prefix) need HTTPS: on by default in production, off for the plain-HTTP local start. */
const secure = config.SECURE_COOKIES;

/** The API token lives only here: an httpOnly, SameSite=Lax cookie signed with SESSION_SECRET. */
export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: secure ? "__Host-session" : "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [config.SESSION_SECRET],
  },
});

/** Remembers the company of a company sign-in page for 30 days. */
export const companyCookie = createCookie("company_uuid", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure,
  maxAge: 30 * 24 * 60 * 60,
});

export const getSession = (request: Request) => sessionStorage.getSession(request.headers.get("Cookie"));

export async function readCompanyCookie(request: Request): Promise<string | null> {
  const value = await companyCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** A redirect that shows a toast (and, after a partly failed bulk action, the bulk-error banner) on the next page. */
export async function redirectWithToast(request: Request, to: string, toast: Toast, init: ResponseInit & { bulkFailed?: number } = {}) {
  const session = await getSession(request);
  session.flash("toast", toast);
  if (init.bulkFailed) session.flash("bulkFailed", init.bulkFailed);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  return redirect(to, { ...init, headers });
}
