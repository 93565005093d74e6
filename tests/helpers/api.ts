import type { FastifyInstance, HTTPMethods } from "fastify";
import qs from "qs";
import { inject } from "vitest";
import { buildApp } from "#api/app";
import type { ApiConfig } from "#api/config";
import type { Database } from "#api/db/client";
import { DEMO_PASSWORD } from "#api/db/seed";
import { createTestDatabase, testConfig } from "./database";

export { DEMO_PASSWORD, testConfig };

export interface RequestOptions {
  /** Bearer token. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** A raw body (for malformed input); give the content type in headers. */
  rawBody?: string;
  /** Encoded like the portal does: page[number]=2&filter[search]=x. */
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface TestResponse<T = any> {
  status: number;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApi {
  app: FastifyInstance;
  database: Database;
  config: ApiConfig;
  /** Signs in through POST /login and returns the bearer token (throws unless the sign-in succeeds). */
  login(email: string, password?: string): Promise<string>;
  request<T = any>(method: HTTPMethods, url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Another app on the same database with other settings (e.g. a short SESSION_IDLE_MINUTES); closed by close(). */
  buildApp(overrides: Record<string, string>): Promise<TestApiApp>;
  close(): Promise<void>;
}

export interface TestApiApp {
  app: FastifyInstance;
  request: TestApi["request"];
  login: TestApi["login"];
}

function requester(app: FastifyInstance): TestApi["request"] {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let target = url;
    if (options.query) {
      const q = qs.stringify(options.query, { encodeValuesOnly: true });
      if (q) target += (url.includes("?") ? "&" : "?") + q;
    }
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await app.inject({ method, url: target, headers, payload });
    let body: any;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, text: res.body, headers: res.headers };
  };
}

function signIn(request: TestApi["request"]): TestApi["login"] {
  return async (email, password = DEMO_PASSWORD) => {
    const res = await request("POST", "/login", { body: { email, password } });
    if (res.status !== 200 || typeof res.body?.token !== "string") {
      throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.text}`);
    }
    return res.body.token as string;
  };
}

/**
 * One API per test file: a fresh database (migrated, permission catalogue, demo seed) and the
 * Fastify app on it, exercised in-process through app.inject.
 */
export async function createTestApi(overrides: Record<string, string> = {}): Promise<TestApi> {
  const { database, dispose } = await createTestDatabase({
    templateFile: inject("pgliteTemplate") || undefined,
    postgresTemplate: inject("postgresTemplate") || undefined,
  });
  const config = testConfig(overrides);
  const extraApps: FastifyInstance[] = [];
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database });
    await app.ready();
  } catch (error) {
    await dispose();
    throw error;
  }
  const request = requester(app);
  return {
    app,
    database,
    config,
    request,
    login: signIn(request),
    async buildApp(more) {
      const other = await buildApp({ config: testConfig({ ...overrides, ...more }), database });
      await other.ready();
      extraApps.push(other);
      const r = requester(other);
      return { app: other, request: r, login: signIn(r) };
    },
    async close() {
      for (const a of extraApps) await a.close();
      await app.close();
      await dispose();
    },
  };
}
