import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent along; the content is text so that it can wait in the queue. */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /**
   * A calendar invitation or cancellation (RFC 6047): a text/calendar part with `method=` on
   * its Content-Type, beside the text and HTML in the multipart/alternative.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
  /** Headers of the mail's own (List-Unsubscribe of reminders). */
  headers?: Record<string, string>;
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/** Every mail the site sends is automatic (RFC 3834): no out-of-office replies to it. */
export const AUTOMATIC_HEADERS = { 'Auto-Submitted': 'auto-generated' } as const;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP_URL with the pool and time-out settings nodemailer reads from the query string. */
function pooledUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = {
    pool: 'true',
    maxConnections: '8',
    connectionTimeout: '20000',
    greetingTimeout: '20000',
    socketTimeout: '30000',
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * SMTP through SMTP_URL; without it each mail is written as an .eml file in the outbox folder
 * and its links are logged, so a club can run the site before it has a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: string;
  log: FastifyBaseLogger;
}): Mailer {
  // The mail library loads with the first mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? // A pool of kept connections (one SMTP handshake per connection, not per mail), as
          // many as the job worker sends at once; a stalled server gives up well inside the
          // queue's claim lease (JOBS_LEASE_MS).
          nodemailer.createTransport(pooledUrl(options.smtpUrl))
        : // .eml files as mail travels: CRLF at the end of every line.
          nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    ));
  return {
    async send(message) {
      const info = await (await transporter()).sendMail({
        from: options.from,
        ...message,
        // Bodies with CRLF line ends as RFC 5322 has them (nodemailer leaves a 7bit body's LF).
        text: crlf(message.text),
        ...(message.html === undefined ? {} : { html: crlf(message.html) }),
        headers: { ...AUTOMATIC_HEADERS, ...message.headers },
      });
      if (!options.smtpUrl) {
        fs.mkdirSync(options.outbox, { recursive: true });
        const file = path.join(options.outbox, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
        fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        options.log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to outbox');
      }
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
