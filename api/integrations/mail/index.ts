import type Nodemailer from "nodemailer";
import type { Db, Tx } from "#api/db/client";
import { outboxMessages } from "#api/db/schema";
import { onFirstUse } from "#api/lib/on-first-use";

/** The official `nodemailer` package, loaded when SMTP delivery is first used (the sandbox outbox is the default). */
const nodemailer = onFirstUse<typeof Nodemailer>("nodemailer");

export interface MailMessage {
  tenantId?: number | null;
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** One interface for e-mail. The sandbox (default) records messages in the development outbox. */
export interface MailProvider {
  readonly kind: "sandbox" | "smtp";
  /**
   * Sends a message. `tx`: the transaction of the change the message belongs to; the sandbox records the message
   * in it, so a change that fails after the send leaves no message in the outbox either.
   */
  send(message: MailMessage, tx?: Tx): Promise<void>;
}

export class SandboxMail implements MailProvider {
  readonly kind = "sandbox" as const;
  constructor(private readonly db: Db) {}
  async send(m: MailMessage, tx?: Tx) {
    const attachments = (m.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.length,
      contentBase64: a.content.toString("base64"),
    }));
    await (tx ?? this.db)
      .insert(outboxMessages)
      .values({ tenantId: m.tenantId ?? null, toAddress: m.to.toLowerCase(), subject: m.subject, textBody: m.text, attachments });
  }
}

export class SmtpMail implements MailProvider {
  readonly kind = "smtp" as const;
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer().createTransport(url);
  }
  async send(m: MailMessage) {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      attachments: m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    });
  }
}

/** SMTP_URL selects real delivery; without it every message goes to the sandbox outbox. */
export function createMail(db: Db, env: { SMTP_URL?: string; MAIL_FROM: string }): MailProvider {
  return env.SMTP_URL ? new SmtpMail(env.SMTP_URL, env.MAIL_FROM) : new SandboxMail(db);
}
