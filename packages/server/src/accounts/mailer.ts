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
 * Sends mail through `HEARBACK_SMTP_URL` (`smtps://user:pass@smtp.example.com`), from
 * `HEARBACK_SMTP_FROM`. Without one, the link is logged for the operator to pass on: an instance
 * without mail still lets people reset passwords and accept invites.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  logger?: Logger | undefined;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      sendsMail: false,
      async send(message) {
        options.logger?.info('mail not sent (HEARBACK_SMTP_URL is not set): pass the link on', {
          to: message.to,
          subject: message.subject,
          link: message.link,
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
