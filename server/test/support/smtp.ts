import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
  /** The message as it arrived, for checks that read its bytes or parse it again. */
  raw: Buffer;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives, for mail tests. With `hold`,
 * each mail is kept as soon as its data has arrived but the server answers the sender only once
 * `hold` settles: the sender is then in the middle of a send for as long as the test wants.
 */
export async function startSmtpServer(options: { hold?: Promise<void> } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      })
        .then(async (raw) => ({ raw, mail: await simpleParser(raw) }))
        .then(({ raw, mail }) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: mail.headers as Map<string, unknown>,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
            raw,
          });
          for (const wake of waiters.splice(0)) wake();
          return options.hold;
        })
        .then(() => callback())
        .catch((err: Error) => callback(err));
    },
  });
  // A client that dies mid-conversation (a server killed with kill -9 in a process test) resets
  // its connection; a mail server carries on serving the others, and so does this one.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until a mail to `to` has arrived (at most `ms`), and returns the newest one. */
    async waitForMail(to: string, ms = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = [...received].reverse().find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** Waits until a mail matching `test` has arrived (at most `ms`), and returns the first such. */
    async waitFor(test: (mail: ReceivedMail) => boolean, ms = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = received.find(test);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
