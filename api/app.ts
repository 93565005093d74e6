import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import qs from "qs";
import type { ApiConfig } from "./config";
import type { Database } from "./db/client";
import { HttpError } from "./http/errors";
import { isDatabaseUnavailable } from "./lib/db-errors";
import { MULTIPART_LIMITS } from "./http/multipart";
import { createMail, type MailProvider } from "./integrations/mail";
import { createStorage, type Storage } from "./integrations/storage";
import { createVoice, type VoiceProvider } from "./integrations/voice";
import auditRoutes from "./modules/audit/routes";
import authRoutes from "./modules/auth/routes";
import clientsRoutes from "./modules/clients/routes";
import filesRoutes from "./modules/files/routes";
import listPreferencesRoutes from "./modules/list-preferences/routes";
import notificationsRoutes from "./modules/notifications/routes";
import providersRoutes from "./modules/providers/routes";
import policiesRoutes from "./modules/policies/routes";
import offPlatformPoliciesRoutes from "./modules/off-platform-policies/routes";
import bdxRoutes from "./modules/bdx/routes";
import documentTemplatesRoutes from "./modules/document-templates/routes";
import workflowsRoutes from "./modules/workflows/routes";
import rolesRoutes from "./modules/roles/routes";
import teamsRoutes from "./modules/teams/routes";
import usersRoutes from "./modules/users/routes";
import systemRoutes from "./modules/system/routes";
import pipelinesRoutes from "./modules/pipelines/routes";
import tasksRoutes from "./modules/tasks/routes";
import dashboardRoutes from "./modules/dashboard/routes";
import searchRoutes from "./modules/search/routes";
import salesDocumentRoutes from "./modules/sales-documents/routes";
import paymentsRoutes from "./modules/payments/routes";
import terminalAppRoutes from "./modules/terminal-app/routes";
import stripeConnectRoutes from "./modules/stripe-connect/routes";
import terminalOrdersRoutes from "./modules/terminal-orders/routes";
import accountingDocumentRoutes from "./modules/accounting-documents/routes";
import apiDocsRoutes from "./modules/api-docs/routes";
import callsRoutes from "./modules/calls/routes";
import exportsRoutes from "./modules/exports/routes";
import jobsRoutes from "./jobs/routes";
import calendarRoutes from "./modules/calendar/routes";
import { JobRunner } from "./jobs/runner";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    config: ApiConfig;
    mail: MailProvider;
    storage: Storage;
    /** Browser calls: Twilio Voice when configured, else the voice sandbox. */
    voice: VoiceProvider;
    /** Background jobs: enqueue with api/jobs/enqueue.ts; the worker runs in this process when started. */
    jobs: JobRunner;
  }
}

export interface BuildOptions {
  config: ApiConfig;
  database: Database;
  mail?: MailProvider;
  /** Uploaded files; default: disk under DATA_DIR/uploads, or memory when NODE_ENV is test. */
  storage?: Storage;
  voice?: VoiceProvider;
  logger?: boolean;
  /** Create the job queue's tables and queues (default). Off only where the app is built to read its route
   * declarations on a stand-in database. */
  prepareJobs?: boolean;
}

/** The API as a Fastify instance: every module registered, one error handler, no listening socket. */
export async function buildApp({ config, database, mail, storage, voice, logger, prepareJobs = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    bodyLimit: 1024 * 1024,
    // page[number]=2&filter[status]=1 → { page: { number: "2" }, filter: { status: "1" } }
    routerOptions: { querystringParser: (s: string) => qs.parse(s, { depth: 3, arrayLimit: 100, parameterLimit: 200 }) },
    // X-Forwarded-For only from the portal and configured proxies: anyone else's is their own word.
    trustProxy: config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false,
  });
  app.decorate("database", database);
  app.decorate("config", config);
  app.decorate("mail", mail ?? createMail(database.db, config));
  app.decorate("storage", storage ?? createStorage(config.NODE_ENV === "test" ? undefined : config.DATA_DIR));
  app.decorate("voice", voice ?? createVoice(config));
  app.decorate("routeDeclarations", []);
  // The job queue's tables and queues exist before any route can enqueue; its worker is started by the
  // caller (api/main.ts when JOBS_WORKER is on, api/worker.ts) and stopped, waiting for its jobs, on close.
  const jobs = new JobRunner({ database, mail: app.mail, storage: app.storage, config, log: app.log });
  if (prepareJobs) await jobs.prepare();
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => jobs.stop());
  // multipart/form-data (forms with files): read with readForm/readMultipart from http/multipart.ts.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large …
      return reply.code(status).send({ message: friendlyClientError(error as Error & { code?: string }) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).send({ message: "The database is not answering right now. Please try again in a moment." });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
  // Every answer is the caller's own data: no browser or shared cache keeps it, unless a route says otherwise (a
  // public image).
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-store");
    return payload;
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: "Not found." }));

  await app.register(systemRoutes, { area: "System" });
  await app.register(authRoutes, { area: "Sign-in" });
  await app.register(auditRoutes, { area: "Audit log" });
  await app.register(rolesRoutes, { area: "Roles and permissions" });
  await app.register(filesRoutes, { area: "Files" });
  await app.register(providersRoutes, { area: "Providers" });
  await app.register(teamsRoutes, { area: "Teams" });
  await app.register(listPreferencesRoutes, { area: "List preferences" });
  await app.register(notificationsRoutes, { area: "Notifications" });
  await app.register(usersRoutes, { area: "Users and profile" });
  await app.register(clientsRoutes);
  await app.register(pipelinesRoutes, { area: "Pipelines" });
  await app.register(tasksRoutes, { area: "Tasks" });
  await app.register(dashboardRoutes, { area: "Dashboard" });
  await app.register(searchRoutes, { area: "Global search" });
  await app.register(salesDocumentRoutes, { area: "Quotes and invoices" });
  await app.register(callsRoutes, { area: "Phone calls" });
  await app.register(paymentsRoutes, { area: "Payments" });
  await app.register(terminalAppRoutes, { area: "Terminal app" });
  await app.register(stripeConnectRoutes, { area: "Card terminals: Connect" });
  await app.register(terminalOrdersRoutes, { area: "Card terminals: hardware orders" });
  await app.register(exportsRoutes, { area: "Exports" });
  await app.register(accountingDocumentRoutes, { area: "Accounting-synced quotes and invoices" });
  await app.register(jobsRoutes, { area: "Jobs" });
  await app.register(calendarRoutes, { area: "Calendar" });
  await app.register(apiDocsRoutes, { area: "API contract" });
  await app.register(policiesRoutes, { area: "Policies" });
  await app.register(offPlatformPoliciesRoutes, { area: "Off-platform policies" });
  await app.register(bdxRoutes, { area: "Bordereaux mapper" });
  await app.register(workflowsRoutes, { area: "Workflows" });
  await app.register(documentTemplatesRoutes, { area: "Document templates" });
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
