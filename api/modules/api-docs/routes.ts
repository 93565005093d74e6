import type { FastifyInstance } from "fastify";
import type { ApiConfig } from "#api/config";
import { openApiDocument, type OpenApiDocument } from "#api/http/openapi";
import { Router, type RouteDeclaration, type RoutesOptions } from "#api/http/route";
import { docsPage } from "./page";

/** GET /docs is served unless API_DOCS=off, or NODE_ENV is production and API_DOCS is not on. */
export const docsEnabled = (config: Pick<ApiConfig, "API_DOCS" | "NODE_ENV">) =>
  config.API_DOCS === "on" || (config.API_DOCS === undefined && config.NODE_ENV !== "production");

/**
 * The API's contract, published: GET /openapi.json (public: it describes the contract a company builds its own
 * backend against and holds no data; docs/decisions/016-openapi.md) and, in development, GET /docs, a page of it.
 * The document is generated once, on the first request, when every route has been registered.
 */
export default async function apiDocsRoutes(app: FastifyInstance, options: RoutesOptions = {}) {
  const r = new Router(app, "", options.area);
  const documents = new WeakMap<readonly RouteDeclaration[], OpenApiDocument>();
  const documentOf = (server: FastifyInstance) => {
    let document = documents.get(server.routeDeclarations);
    if (!document) {
      document = openApiDocument(server.routeDeclarations, { warn: (message) => server.log.warn(message) });
      documents.set(server.routeDeclarations, document);
    }
    return document;
  };

  r.get("/openapi.json", { access: { public: true }, summary: "The API's OpenAPI 3.1 document" }, ({ request }) => documentOf(request.server));

  if (docsEnabled(app.config)) {
    r.get("/docs", { access: { public: true }, summary: "The OpenAPI document as a page to read", responseType: "text/html" }, ({ request, reply }) => {
      reply
        .type("text/html; charset=utf-8")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        .header("x-content-type-options", "nosniff");
      return docsPage(documentOf(request.server));
    });
  }
}
