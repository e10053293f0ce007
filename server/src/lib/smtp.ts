import nodemailer from 'nodemailer';

export type OutgoingMail = {
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  /** The same words as HTML, sent beside the text as multipart/alternative. */
  html?: string;
  replyTo?: { name: string; address: string };
  headers?: Record<string, string>;
};

/** Sends mail through one SMTP server, from one address. */
export type SmtpSender = { send(mail: OutgoingMail): Promise<void>; close(): void };

export function createSmtpSender(settings: { smtpUrl: string; from: string }): SmtpSender {
  const transport = nodemailer.createTransport(settings.smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: settings.from, ...mail });
    },
    close: () => transport.close(),
  };
}
