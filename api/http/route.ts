import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { z } from "zod";
import type { Permission } from "#contract/permissions";
import { hasAnyPermission } from "#contract/permissions";
import { auditFor } from "../modules/audit/audit";
import { authenticate, type AuthContext } from "../modules/auth/authenticate";
import { forbidden, invalid, notFound } from "./errors";
import { claimSubmission, keepAnswer } from "./submissions";
import { NUL_MESSAGE, nulPath, parseOr422 } from "./validation";

/**
 * Who may call a route, declared where the route is registered:
 * - `{ public: true }`: anyone, no token needed;
 * - `{ permissions: [] }`: any signed-in user;
 * - `{ permissions: [a, b] }`: a signed-in user holding a or b (any-of).
 * Every route that is not public is tenant-scoped: it works on the caller's tenant only.
 */
export type Access = { public: true } | { permissions: readonly Permission[] };

export interface RouteDeclaration {
  method: HTTPMethods;
  url: string;
  access: Access;
  /** The zod schemas the router validates with (absent when the handler reads the input itself, e.g. multipart). */
  schemas: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
  /** false when a DELETE is not recorded by the router (see RouteOptions.audit). */
  audit?: false;
  /** The area (module) the route belongs to, given where the module is registered (api/app.ts). */
  area?: string;
  /** For the API's OpenAPI document (api/http/openapi.ts): see RouteOptions. */
  summary?: string;
  response?: z.ZodType;
  status?: number;
  responseType?: string;
}

type Schema = z.ZodType | undefined;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteOptions<B extends Schema, Q extends Schema, P extends Schema> {
  access: Access;
  /**
   * A DELETE that succeeds is recorded in the audit log as `record.deleted` (route, path parameters,
   * ids of a bulk body). `false`: the handler records its own event, or the deletion is not a security
   * event (a user's own notification).
   */
  audit?: false;
  body?: B;
  query?: Q;
  params?: P;
  /** The answer's zod schema from the contract, for the OpenAPI document (not checked at run time). */
  response?: z.ZodType;
  /** The status of a success when it is not 200 (201 for a create; a handler that answers nothing gives 204). */
  status?: number;
  /** The answer's media type when it is not JSON (a file, a page). */
  responseType?: string;
  /** The operation's one-line summary in the OpenAPI document, when the one derived from the path says it badly. */
  summary?: string;
}

/** What a module is registered with (api/app.ts): `app.register(tasksRoutes, { area: "Tasks" })`. */
export interface RoutesOptions {
  area?: string;
}

interface BaseContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}
export type PublicContext<B, Q, P> = BaseContext<B, Q, P> & { auth: AuthContext | null };
export type UserContext<B, Q, P> = BaseContext<B, Q, P> & { auth: AuthContext };

type Handler<B extends Schema, Q extends Schema, P extends Schema, A extends Access> = (
  ctx: A extends { public: true } ? PublicContext<Infer<B>, Infer<Q>, Infer<P>> : UserContext<Infer<B>, Infer<Q>, Infer<P>>,
) => Promise<unknown> | unknown;

declare module "fastify" {
  interface FastifyInstance {
    routeDeclarations: RouteDeclaration[];
  }
}

export class Router {
  constructor(
    private readonly app: FastifyInstance,
    private readonly prefix = "",
    private readonly area?: string,
  ) {}

  get<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(url: string, o: RouteOptions<B, Q, P> & { access: A }, h: Handler<B, Q, P, A>) {
    this.add("GET", url, o, h);
  }
  post<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(url: string, o: RouteOptions<B, Q, P> & { access: A }, h: Handler<B, Q, P, A>) {
    this.add("POST", url, o, h);
  }
  put<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(url: string, o: RouteOptions<B, Q, P> & { access: A }, h: Handler<B, Q, P, A>) {
    this.add("PUT", url, o, h);
  }
  patch<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(url: string, o: RouteOptions<B, Q, P> & { access: A }, h: Handler<B, Q, P, A>) {
    this.add("PATCH", url, o, h);
  }
  delete<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(
    url: string,
    o: RouteOptions<B, Q, P> & { access: A },
    h: Handler<B, Q, P, A>,
  ) {
    this.add("DELETE", url, o, h);
  }

  private add<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(
    method: HTTPMethods,
    url: string,
    options: RouteOptions<B, Q, P>,
    handler: Handler<B, Q, P, A>,
  ) {
    const fullUrl = this.prefix + url;
    const { access } = options;
    this.app.routeDeclarations.push({
      method,
      url: fullUrl,
      access,
      schemas: { body: options.body, query: options.query, params: options.params },
      audit: options.audit,
      area: this.area,
      summary: options.summary,
      response: options.response,
      status: options.status,
      responseType: options.responseType,
    });
    this.app.route({
      method,
      url: fullUrl,
      onSend: keepAnswer,
      handler: async (request, reply) => {
        const isPublic = "public" in access;
        const auth = await authenticate(request, { required: !isPublic });
        if (!isPublic && !hasAnyPermission(auth!.permissions, access.permissions)) throw forbidden();
        assertNoNulCharacters(request);
        const ctx = {
          auth,
          request,
          reply,
          // A path that does not name a valid resource (/role/abc, a truncated invitation link) is not found.
          params: options.params ? parseParamsOr404(options.params, request.params) : (request.params as never),
          query: options.query ? parseOr422(options.query, request.query ?? {}) : (undefined as never),
          body: options.body ? parseOr422(options.body, request.body ?? {}) : (undefined as never),
        };
        // The same change sent again with its Idempotency-Key answers as the first did.
        if (auth && (await claimSubmission(request, reply, auth))) return reply;
        const result = await handler(ctx as never);
        if (method === "DELETE" && auth && options.audit !== false && reply.statusCode < 300) {
          await auditFor(request, auth, "record.deleted", deletedSubject(fullUrl, request.params, request.body), {
            route: `${method} ${fullUrl}`,
            ...(Array.isArray((request.body as { ids?: unknown } | undefined)?.ids) ? { ids: (request.body as { ids: unknown[] }).ids.slice(0, 1000) } : {}),
          });
        }
        if (reply.sent) return reply;
        if (result === undefined) return reply.code(204).send();
        return reply.send(result);
      },
    });
  }
}

/** What a deletion was about: `providers:<uuid>`, `teams/users:3,17`, or `task:1,2,3` for a bulk body. */
function deletedSubject(url: string, params: unknown, body: unknown): string {
  const what = url
    .split("/")
    .filter((s) => s && !s.startsWith(":") && s !== "api" && !/^v\d+$/.test(s))
    .join("/");
  const values = Object.values((params ?? {}) as Record<string, string>);
  const ids = (body as { ids?: unknown } | undefined)?.ids;
  if (!values.length && Array.isArray(ids)) values.push(ids.slice(0, 50).join(","));
  return `${what}:${values.join(",")}`.slice(0, 500);
}

/**
 * PostgreSQL text cannot hold a NUL character (U+0000): a value carrying one would fail in the database
 * (a 500, or half a change). Refused up front for the path, the query and a JSON body; multipart fields
 * are checked in readMultipart.
 */
function assertNoNulCharacters(request: { params: unknown; query: unknown; body: unknown }) {
  if (nulPath(request.params, "") !== undefined) throw notFound();
  const where = nulPath(request.query, "") ?? nulPath(request.body, "");
  if (where !== undefined) throw invalid({ [where || "_"]: [NUL_MESSAGE] });
}

function parseParamsOr404<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw notFound();
  return result.data;
}

/**
 * Registers a group of routes: `export default routes((r) => { r.get(...) })`, registered in api/app.ts with its
 * area: `app.register(tasksRoutes, { area: "Tasks" })`.
 */
export function routes(define: (r: Router) => void) {
  return async (app: FastifyInstance, options: RoutesOptions = {}) => define(new Router(app, "", options.area));
}
