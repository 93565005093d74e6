import { Readable } from "node:stream";
import { redirect } from "@remix-run/node";
import { Agent, request as undiciRequest } from "undici";
import type { z } from "zod";
import { apiErrorSchema, type ApiError } from "#contract/common";
import { config } from "./config.server";
import { sessionStorage, getSession } from "./session.server";
import { idempotencyKey } from "./submission.server";

/** A refusal of the API that came without a message of its own. */
export const REFUSED_MESSAGE = "This request could not be handled.";

/** One keep-alive connection pool from the portal to the API. */
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });

/** A 422 from the API: a message and the field errors map, for forms to show under each field. */
export class ApiValidationError extends Error {
  constructor(readonly body: ApiError) {
    super(body.message);
  }
}

export interface CallOptions<S extends z.ZodType | undefined> {
  query?: Record<string, string | number | undefined>;
  /** JSON body, or a FormData sent as multipart (files included). */
  body?: unknown;
  /** Parses the answer; a missing or malformed body is an 'Invalid response' error. */
  schema?: S;
}

export interface ApiContext {
  /** The request being served, to clear its session on expiry. */
  request: Request;
  token?: string;
  companyUuid?: string;
  /** Sign-in and user-setup pages handle 'Session expired' and 401 themselves. */
  signInPage?: boolean;
  /** Another host speaking for the API (the bordereaux mapper, MAPPER_BASE_URL); default API_BASE_URL. */
  baseUrl?: string;
}

export type Api = ReturnType<typeof createApi>;

/** The API client of one request: bearer token from the session, the spec's error catalogue applied. */
export function createApi(ctx: ApiContext) {
  async function call<S extends z.ZodType | undefined>(
    method: string,
    path: string,
    options: CallOptions<S> = {},
  ): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
    const url = new URL(path.replace(/^\//, ""), `${(ctx.baseUrl ?? config.API_BASE_URL).replace(/\/$/, "")}/`);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== "") url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: "application/json" };
    if (ctx.token) headers.authorization = `Bearer ${ctx.token}`;
    // The visitor's address as the portal's server saw it (never the browser's own X-Forwarded-For): the API
    // believes it from the portal only, for its throttling and audit log.
    const client = ctx.request.headers.get("x-portal-client-address");
    if (client) headers["x-forwarded-for"] = client;
    if (method !== "GET") {
      // A change asked by a form: sent twice (a double click, sent again after a lost answer), it acts once.
      const key = await idempotencyKey(ctx.request, method, url, options.body);
      if (key) headers["idempotency-key"] = key;
    }
    let body: string | Buffer | undefined;
    if (options.body instanceof FormData) {
      // undici's Response encodes FormData as multipart with its boundary.
      const encoded = new Response(options.body);
      headers["content-type"] = encoded.headers.get("content-type")!;
      body = Buffer.from(await encoded.arrayBuffer());
    } else if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    let res;
    try {
      res = await undiciRequest(url, { method: method as "GET", headers, body, dispatcher: agent, headersTimeout: 15_000, bodyTimeout: 15_000 });
    } catch {
      throw serviceUnavailable();
    }
    const text = await res.body.text();
    const json = text ? safeJson(text) : undefined;
    const status = res.statusCode;

    if (status >= 200 && status < 300) {
      if (!options.schema) return undefined as never;
      const parsed = options.schema.safeParse(json);
      if (!parsed.success) throw new Error("Invalid response");
      return parsed.data as never;
    }
    throw await failure(status, json);
  }

  /** The spec's error catalogue applied to a refusal: what to throw. */
  async function failure(status: number, json: unknown): Promise<unknown> {
    const error = apiErrorSchema.safeParse(json);
    const apiError: ApiError = error.success ? error.data : { message: "Invalid response" };
    if (status === 400 && (apiError.error === "Session expired" || apiError.message === "Session expired") && !ctx.signInPage) {
      return signOutRedirect(ctx, `/login?${new URLSearchParams({ reason: "inactivity", ...(ctx.companyUuid ? { uuid: ctx.companyUuid } : {}) })}`);
    }
    if (status === 401 && !ctx.signInPage) return signOutRedirect(ctx, "/login");
    // An address the API cannot even read (an id of thousands of characters, from a crafted form) is no record's.
    if (status === 404 || status === 414 || status === 431) return new Response(apiError.message, { status: 404 });
    if (status === 403) return new Response(apiError.message, { status: 403 });
    // Any other refusal (422, 400, a conflict, too many requests, a body too large …) is told to the user as one:
    // the request was answered, so it is not an outage.
    if (status >= 400 && status < 500) return new ApiValidationError(error.success ? apiError : { message: REFUSED_MESSAGE });
    return serviceUnavailable();
  }

  /** A file the API serves (bytes, not JSON) passed on with its type, name and caching; refusals as for any call. */
  async function download(path: string): Promise<Response> {
    const url = new URL(path.replace(/^\//, ""), `${(ctx.baseUrl ?? config.API_BASE_URL).replace(/\/$/, "")}/`);
    let res;
    try {
      res = await undiciRequest(url, {
        method: "GET",
        headers: ctx.token ? { authorization: `Bearer ${ctx.token}` } : {},
        dispatcher: agent,
        headersTimeout: 15_000,
        bodyTimeout: 60_000,
      });
    } catch {
      throw serviceUnavailable();
    }
    if (res.statusCode !== 200) throw await failure(res.statusCode, safeJson(await res.body.text()));
    const headers = new Headers();
    for (const name of ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options", "content-security-policy"]) {
      const value = res.headers[name];
      if (typeof value === "string" || typeof value === "number") headers.set(name, String(value));
    }
    // Passed on as it arrives (an export of a million rows is never held whole in the portal's memory).
    return new Response(Readable.toWeb(res.body) as ReadableStream<Uint8Array>, { status: 200, headers });
  }

  return {
    get: <S extends z.ZodType | undefined>(path: string, o?: CallOptions<S>) => call("GET", path, o),
    post: <S extends z.ZodType | undefined>(path: string, o?: CallOptions<S>) => call("POST", path, o),
    put: <S extends z.ZodType | undefined>(path: string, o?: CallOptions<S>) => call("PUT", path, o),
    patch: <S extends z.ZodType | undefined>(path: string, o?: CallOptions<S>) => call("PATCH", path, o),
    delete: <S extends z.ZodType | undefined>(path: string, o?: CallOptions<S>) => call("DELETE", path, o),
    download,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function serviceUnavailable() {
  return new Response("The service is not answering right now. Please try again in a moment.", { status: 503 });
}

async function signOutRedirect(ctx: ApiContext, to: string) {
  const session = await getSession(ctx.request);
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
}
