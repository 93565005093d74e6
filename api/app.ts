import Fastify, { type FastifyInstance } from "fastify";
import qs from "qs";
import type { ApiConfig } from "./config";
import type { Database } from "./db/client";
import { HttpError } from "./http/errors";
import { createMail, type MailProvider } from "./integrations/mail";
import authRoutes from "./modules/auth/routes";
import rolesRoutes from "./modules/roles/routes";
import systemRoutes from "./modules/system/routes";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    config: ApiConfig;
    mail: MailProvider;
  }
}

export interface BuildOptions {
  config: ApiConfig;
  database: Database;
  mail?: MailProvider;
  logger?: boolean;
}

/** The API as a Fastify instance: every module registered, one error handler, no listening socket. */
export async function buildApp({ config, database, mail, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    bodyLimit: 1024 * 1024,
    // page[number]=2&filter[status]=1 → { page: { number: "2" }, filter: { status: "1" } }
    routerOptions: { querystringParser: (s: string) => qs.parse(s, { depth: 3, arrayLimit: 100, parameterLimit: 200 }) },
    trustProxy: true,
  });
  app.decorate("database", database);
  app.decorate("config", config);
  app.decorate("mail", mail ?? createMail(database.db, config));
  app.decorate("routeDeclarations", []);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large …
      return reply.code(status).send({ message: friendlyClientError(error as Error & { code?: string }) });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: "Not found." }));

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(rolesRoutes);
  return app;
}

function friendlyClientError(error: Error & { code?: string }): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "This content type is not accepted here.";
    default:
      return error.message.replace(/\s+at\s.*$/s, "");
  }
}
