import { z } from "zod";

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  API_HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().url().optional(),
  /** Minutes of inactivity after which a token answers 'Session expired'. */
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  /** Hours after sign-in when a token expires however busy it is. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /**
   * The addresses whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges; "loopback",
   * "linklocal", "uniquelocal" name those ranges): the portal, which sends its visitor's address, and any
   * load balancer in front of the API. From every other caller the header is ignored and the connection's
   * address is the client's. Default: loopback (the portal on the same machine).
   */
  TRUSTED_PROXIES: z
    .string()
    .default("loopback")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Address of the portal, used in links inside e-mails (invitations). */
  PORTAL_URL: z.string().url().default("http://localhost:3000"),
  /**
   * The API's address as a client's browser reaches it: the base of the client's links in quote and invoice e-mails.
   * Unset: the address the request came in on (right when the portal calls the API at its public address).
   */
  API_PUBLIC_URL: z.string().url().optional(),
  /**
   * Further origins of the portal (its production hosts, e.g. https://app.example.com,https://sb.example.com) that
   * may frame the quote and invoice summaries, besides PORTAL_URL's (comma-separated).
   */
  PORTAL_FRAME_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => (URL.canParse(s) ? new URL(s).origin : s)),
    ),
  MAIL_FROM: z.string().default("flightDeck <no-reply@portal.example>"),
  /** smtp://user:pass@host:port — real e-mail delivery; unset, e-mail goes to the sandbox outbox. */
  SMTP_URL: z.string().url().optional(),
  /**
   * The development outbox endpoint of the sandbox mail provider: "local" (default: answered to callers on this
   * machine only, by the connection's address), "on" (to anyone who can reach the API: a shared demo whose mail
   * everyone may read, sign-in codes and set-up links included) or "off".
   */
  SANDBOX_OUTBOX: z.enum(["local", "on", "off"]).default("local"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * GET /docs, the browsable page of the API's OpenAPI document: "on", "off", or unset — on unless NODE_ENV is
   * production. The document itself (GET /openapi.json) is always served.
   */
  API_DOCS: z.enum(["on", "off"]).optional(),
  /** "if-empty" seeds the demo tenants when the database has none (npm start sets it). */
  SEED_DEMO: z.enum(["never", "if-empty"]).default("never"),
  /**
   * "on": this API process also runs background jobs (npm start); "off": it only enqueues them, and a worker of
   * its own (npm run worker, PostgreSQL only) runs them.
   */
  JOBS_WORKER: z.enum(["on", "off"]).default("on"),
  /** Seconds between a worker's looks for new jobs when idle (at least 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** On SIGTERM, seconds a worker waits for running jobs before handing them back to be retried. */
  JOBS_SHUTDOWN_SECONDS: z.coerce.number().min(1).max(600).default(30),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type ApiConfig = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  // An empty variable (FOO= in a .env file) means "not set".
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid API configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
