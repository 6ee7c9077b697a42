import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';

/** A message to one person: plain text, with the one link it is about. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the message carries (sign-in, reset, verification, invite). */
  link: string;
}

export interface Mailer {
  /** Whether messages leave by mail (SMTP); `false`: their links are only logged for the operator. */
  readonly sendsMail: boolean;
  send(message: MailMessage): Promise<void>;
}

/**
 * Where the links of logged mail lead: the instance's public address (`HEARBACK_PUBLIC_URL`), or
 * else the server's own listen address, read when a message is logged (a port of 0 is known once
 * the server listens).
 */
export interface LoggedLinkBase {
  url(): string;
  /** Which address that is, for the log line: `HEARBACK_PUBLIC_URL` or the listen address. */
  source: 'public URL' | 'listen address';
}

/**
 * `link` on `base`'s origin, its path and query kept. Without `HEARBACK_PUBLIC_URL` better-auth
 * builds its links on the request's `Host`, which whoever asks a password reset chooses
 * (`Host: attacker.example`): the operator would pass on, or open, a link that hands the token to
 * that host.
 *
 * @example
 * onOwnOrigin('http://attacker.example/auth/reset-password/abc?callbackURL=%2Fapp', 'http://localhost:3000');
 * // 'http://localhost:3000/auth/reset-password/abc?callbackURL=%2Fapp'
 */
export function onOwnOrigin(link: string, base: string): string {
  const { pathname, search, hash } = new URL(link);
  return `${new URL(base).origin}${pathname}${search}${hash}`;
}

/** What the log line says of the link's address, so the operator knows which host it leads to and why. */
function logLineOf(base: LoggedLinkBase): string {
  const where =
    base.source === 'public URL'
      ? 'its link is on HEARBACK_PUBLIC_URL'
      : "its link is on this server's listen address, never on the Host a request named; set HEARBACK_PUBLIC_URL to the address people reach it by";
  return `mail not sent (HEARBACK_SMTP_URL is not set): pass the link on (${where})`;
}

/**
 * Sends mail through `HEARBACK_SMTP_URL` (`smtps://user:pass@smtp.example.com`), from
 * `HEARBACK_SMTP_FROM`. Without one, the link is logged for the operator to pass on, on
 * `linkBase` (see {@link onOwnOrigin}): an instance without mail still lets people reset passwords
 * and accept invites.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  logger?: Logger | undefined;
  linkBase: LoggedLinkBase;
}): Mailer {
  if (!options.smtpUrl) {
    const { linkBase } = options;
    return {
      sendsMail: false,
      async send(message) {
        options.logger?.info(logLineOf(linkBase), {
          to: message.to,
          subject: message.subject,
          link: onOwnOrigin(message.link, linkBase.url()),
        });
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer is loaded with the first message, not at start: most servers send none for hours.
  let transport: Promise<Transporter> | undefined;
  return {
    sendsMail: true,
    async send(message) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      await (await transport).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
