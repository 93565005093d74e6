import nodemailer from "nodemailer";
import type { Db } from "#api/db/client";
import { outboxMessages } from "#api/db/schema";

export interface MailMessage {
  tenantId?: number | null;
  to: string;
  subject: string;
  text: string;
}

/** One interface for e-mail. The sandbox (default) records messages in the development outbox. */
export interface MailProvider {
  readonly kind: "sandbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}

export class SandboxMail implements MailProvider {
  readonly kind = "sandbox" as const;
  constructor(private readonly db: Db) {}
  async send(m: MailMessage) {
    await this.db.insert(outboxMessages).values({ tenantId: m.tenantId ?? null, toAddress: m.to.toLowerCase(), subject: m.subject, textBody: m.text });
  }
}

export class SmtpMail implements MailProvider {
  readonly kind = "smtp" as const;
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(m: MailMessage) {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
}

/** SMTP_URL selects real delivery; without it every message goes to the sandbox outbox. */
export function createMail(db: Db, env: { SMTP_URL?: string; MAIL_FROM: string }): MailProvider {
  return env.SMTP_URL ? new SmtpMail(env.SMTP_URL, env.MAIL_FROM) : new SandboxMail(db);
}
