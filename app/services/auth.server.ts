import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { loginOutcomeSchema, meSchema, type Me } from "#contract/auth";
import type { Permission } from "#contract/permissions";
import { checkAccess, matchRoute, ruleFor, type AccessSubject } from "#contract/portal-routes";
import { can, REFUSED_MESSAGE } from "../access/permissions";
import { editionOf, type Variant } from "../lib/variant";
import { createApi, type Api } from "./api.server";
import { getSession, redirectWithToast } from "./session.server";

/** GET /me answers { data: user }. */
const meEnvelope = z.object({ data: meSchema });

export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;

/** Sign-in through remix-auth's form strategy: the API checks the credentials. */
export const authenticator = new Authenticator<LoginOutcome>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const companyUuid = form.get("company_uuid");
    const api = createApi({ request, signInPage: true });
    return api.post("/login", {
      body: {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        ...(typeof companyUuid === "string" && companyUuid ? { company_uuid: companyUuid } : {}),
      },
      schema: loginOutcomeSchema,
    });
  }),
  "form",
);

/**
 * Refuses state-changing requests sent from another site: the Origin (or, failing that,
 * Sec-Fetch-Site) must be this site's.
 */
export function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("Origin");
  const site = request.headers.get("Sec-Fetch-Site");
  const own = new URL(request.url).origin;
  const forwardedHost = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  const ownByHost = forwardedHost ? `${new URL(request.url).protocol}//${forwardedHost}` : own;
  if (origin && origin !== "null" ? origin !== own && origin !== ownByHost : site === "cross-site") {
    throw new Response("This request came from another site and was refused.", { status: 403 });
  }
}

export interface SignedIn {
  user: Me;
  api: Api;
  edition: Variant;
  subject: AccessSubject;
}

const cache = new WeakMap<Request, Promise<SignedIn>>();

/**
 * GET /me answers in flight, by session token. Remix hands each loader of a page its own copy of the
 * Request (it strips ?index and ?_routes), so the WeakMap above only serves repeated calls within one
 * loader; the frame's and the page's loaders start together, so sharing the answer while it is in flight
 * makes one /me per page load. Nothing is kept once it settles: the next page load asks again.
 */
const meInFlight = new Map<string, Promise<Me>>();

export function meOnce(token: string, fetchMe: () => Promise<Me>): Promise<Me> {
  const known = meInFlight.get(token);
  if (known) return known;
  const pending = fetchMe();
  meInFlight.set(token, pending);
  const forget = () => {
    if (meInFlight.get(token) === pending) meInFlight.delete(token);
  };
  pending.then(forget, forget);
  return pending;
}

/** The signed-in user (GET /me once per page load), or a redirect to /login. */
export function requireUser(request: Request): Promise<SignedIn> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadUser(request);
    cache.set(request, pending);
  }
  // One answer may reach several loaders; a thrown Response (a redirect, a 503) can be read only once, so
  // each caller throws its own copy and the shared one is never read.
  return pending.catch((error: unknown) => {
    throw error instanceof Response ? error.clone() : error;
  });
}

async function loadUser(request: Request): Promise<SignedIn> {
  const { api, token } = await openSession(request);
  const user = await meOnce(token, async () => (await api.get("/me", { schema: meEnvelope })).data).catch((error: unknown) => {
    throw error instanceof Response ? error.clone() : error;
  });
  const edition = editionOf(user.company);
  return { user, api, edition, subject: { permissions: user.permissions, edition, isParentTenant: user.company.tenant_is_seg_parent } };
}

/** The session's API client, or a redirect to /login when there is no session. */
async function openSession(request: Request): Promise<{ api: Api; token: string }> {
  assertSameOrigin(request);
  const session = await getSession(request);
  const token = session.get("token");
  if (!token) {
    const url = new URL(request.url);
    const back = url.pathname === "/" ? "" : `?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
    throw redirect(`/login${back}`);
  }
  return { api: createApi({ request, token, companyUuid: session.get("companyUuid") }), token };
}

/**
 * The session's API client without waiting for GET /me, for a loader's calls that only need the session:
 * they run beside /me instead of after it. What the page shows must still wait for `requireAccess` (the
 * route guard); an ended session answers every call with the same redirect.
 */
export async function sessionApi(request: Request): Promise<Api> {
  return (await openSession(request)).api;
}

/**
 * Marks a call started ahead of the route guard as handled, so a refusal that nobody reads (the guard
 * redirected first) is not an unhandled rejection; awaiting it later still sees its result or error.
 */
export function started<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => undefined);
  return pending;
}

/** A form was sent (an action), not a screen asked for (a loader). */
const isAction = (request: Request) => request.method !== "GET" && request.method !== "HEAD";

/**
 * The one rule for a refusal: a loader goes back to the parent screen `back` (with a message); an action
 * answers 403 (the frame's "Not allowed" page).
 */
async function refuse(request: Request, back: string): Promise<never> {
  if (isAction(request)) throw new Response(REFUSED_MESSAGE, { status: 403 });
  throw await redirectWithToast(request, back, { kind: "error", message: REFUSED_MESSAGE });
}

/**
 * The route guard used by every loader and action of a guarded screen: not signed in → /login; refused by the
 * route table (permissions, edition, parent tenant): a loader goes to /dashboard (the spec's guard rule), an
 * action answers 403.
 */
export async function requireAccess(request: Request, pattern?: string): Promise<SignedIn> {
  const signedIn = await requireUser(request);
  const rule = pattern ? ruleFor(pattern) : matchRoute(new URL(request.url).pathname)?.rule;
  if (rule && checkAccess(rule, signedIn.subject) !== "ok") {
    if (isAction(request)) throw new Response(REFUSED_MESSAGE, { status: 403 });
    throw redirect("/dashboard");
  }
  return signedIn;
}

/**
 * The route guard and a permission of the screen's own (any one of `permissions`): a drawer that changes
 * something, a form of a page. Refused: a loader goes back to `back`, the parent screen (the list, the
 * record), with a message; an action answers 403.
 */
export async function requirePermission(
  request: Request,
  permissions: Permission | readonly Permission[],
  { route, back }: { route?: string; back: string },
): Promise<SignedIn> {
  const signedIn = await requireAccess(request, route);
  if (!can(signedIn.subject, ...(typeof permissions === "string" ? [permissions] : permissions))) await refuse(request, back);
  return signedIn;
}
