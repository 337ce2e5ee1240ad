import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from '@wps/platform';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outgoing e-mail: password-reset links, new-address verification codes. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** Sends through an SMTP relay given as a URL, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…:465`. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export interface SentMail extends MailMessage {
  sentAt: Date;
}

/**
 * Development mailer for when no SMTP relay is configured: logs each message and keeps the most recent ones in memory,
 * so a developer (or a test) can read a reset link without a mail server. Never use it where real members sign up.
 */
export class DevelopmentMailSink implements Mailer {
  private readonly messages: SentMail[] = [];
  constructor(
    private readonly logger?: Logger,
    private readonly keep = 100,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.messages.push({ ...message, sentAt: new Date() });
    if (this.messages.length > this.keep) this.messages.splice(0, this.messages.length - this.keep);
    this.logger?.info({ to: message.to, subject: message.subject, text: message.text }, 'development mail sink: message not sent, kept in memory');
  }

  /** The kept messages, oldest first; `to` keeps only those sent to that address. */
  sent(to?: string): readonly SentMail[] {
    return to ? this.messages.filter((message) => message.to.toLowerCase() === to.toLowerCase()) : [...this.messages];
  }

  /** The newest message to `to`, if any. */
  last(to?: string): SentMail | undefined {
    return this.sent(to).at(-1);
  }

  clear(): void {
    this.messages.length = 0;
  }
}

/** The SMTP mailer when `smtpUrl` is set, else the development sink. */
export function createMailer(options: { smtpUrl?: string; from: string; logger?: Logger }): Mailer {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl, options.from) : new DevelopmentMailSink(options.logger);
}
