import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const schema = z.object({
  API_BASE_URL: z.string().url().default("http://127.0.0.1:4000"),
  /** The API as browsers reach it (the quote and invoice summaries are framed from it); API_BASE_URL when unset. */
  API_PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters.").optional(),
  DEFAULT_VARIANT: z.enum(["flightdeck", "smallbusiness"]).default("flightdeck"),
  FLIGHTDECK_HOST: z.string().optional(),
  SMALLBUSINESS_HOST: z.string().optional(),
  MARKETING_URL: z.string().url().default("https://www.example.com/register"),
  BROKER_PORTAL_URL: z.string().url().default("https://broker-portal.example.com/login/"),
  UNDERWRITING_PORTAL_URL: z.string().url().default("https://underwriting.example.com/"),
  HELP_URL_FLIGHTDECK: z.string().url().default("https://help.example.com/flightdeck"),
  HELP_URL_SMALLBUSINESS: z.string().url().default("https://help.example.com/smallbusiness"),
  INSTAGRAM_URL: z.string().url().default("https://www.instagram.com/"),
  NODE_ENV: z.string().default("production"),
  /**
   * Proxies in front of the portal whose X-Forwarded-For is believed (comma-separated addresses, IPv4 CIDR
   * ranges, "loopback"); default none: the connection's address is the visitor's.
   */
  PORTAL_TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  SECURE_COOKIES: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? process.env.NODE_ENV === "production" : v === "true")),
});

export type PortalConfig = z.infer<typeof schema> & { SESSION_SECRET: string };

function loadSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function load(): PortalConfig {
  // An empty variable (FOO= in a .env file) means "not set".
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    throw new Error(`Invalid portal configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  return { ...parsed.data, SESSION_SECRET: parsed.data.SESSION_SECRET ?? loadSecret(parsed.data.DATA_DIR) };
}

export const config = load();
