import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export type ContactMail = { name: string; email: string; message: string };

/** Sends contact messages to the operator's mailbox over SMTP. */
export type Mailer = { sendContactMail(mail: ContactMail): Promise<void>; close(): void };

export function createMailer(settings: NonNullable<Config['contactMail']>): Mailer {
  const transport = nodemailer.createTransport(settings.smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async sendContactMail(mail) {
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        replyTo: { name: mail.name, address: mail.email },
        subject: 'AlmQuest Query',
        text: `${mail.message}\n\n-- \n${mail.name} <${mail.email}>`,
      });
    },
    close: () => transport.close(),
  };
}
