import nodemailer from 'nodemailer';
import type { ServerConfig } from './config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail over SMTP when configured; otherwise writes it to the server log (and keeps it for tests). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The mails sent by this process, newest last (kept when no SMTP server is configured). */
  readonly outbox: Mail[];
}

export function createMailer(config: ServerConfig, log: (line: string) => void = (l) => console.log(l)): Mailer {
  const outbox: Mail[] = [];
  if (!config.smtpUrl) {
    return {
      outbox,
      async send(mail) {
        outbox.push(mail);
        if (outbox.length > 200) outbox.shift();
        log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    outbox,
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
