import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it receives: the
 * server's nodemailer transport talks to it exactly as to a provider's.
 */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  private readonly waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const mail = { to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' };
          this.received.push(mail);
          for (const waiter of this.waiters.filter((candidate) => candidate.match(mail))) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  /** Starts listening; the URL to give `HEARBACK_SMTP_URL`. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  /** The first mail to `to` whose subject contains `subject`, received already or when it comes. */
  next(to: string, subject: string): Promise<ReceivedMail> {
    const match = (mail: ReceivedMail) => mail.to.includes(to) && mail.subject.includes(subject);
    const found = this.received.find(match);
    if (found) {
      this.received.splice(this.received.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** The one link a message carries. */
  static linkIn(mail: ReceivedMail): URL {
    const match = /https?:\/\/\S+/.exec(mail.text);
    if (!match) throw new Error(`No link in "${mail.subject}"`);
    return new URL(match[0]);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
