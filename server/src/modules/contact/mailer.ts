import type { Config } from '../../config';
import { createSmtpSender } from '../../lib/smtp';

export type ContactMail = { name: string; email: string; message: string };

/** Sends contact messages to the operator's mailbox over SMTP. */
export type Mailer = { sendContactMail(mail: ContactMail): Promise<void>; close(): void };

export function createMailer(settings: NonNullable<Config['contactMail']>): Mailer {
  const sender = createSmtpSender(settings);
  return {
    async sendContactMail(mail) {
      await sender.send({
        to: settings.to,
        replyTo: { name: mail.name, address: mail.email },
        subject: 'AlmQuest Query',
        text: `${mail.message}\n\n-- \n${mail.name} <${mail.email}>`,
      });
    },
    close: () => sender.close(),
  };
}
