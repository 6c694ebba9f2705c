import nodemailer from "nodemailer";
import { EmailError, type EmailSender } from "./email-message.ts";

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (465); false means plain, upgraded with STARTTLS when offered. */
  secure: boolean;
  user?: string;
  password?: string;
  /** "no-reply@example.com" or "Touchline <no-reply@example.com>". */
  from: string;
}

/**
 * Sends through an SMTP server with nodemailer. Timeouts are short: a staff member is waiting
 * on the answer, and a failed send is reported to them and can be retried.
 */
export function createSmtpSender(settings: SmtpSettings): EmailSender {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user !== undefined ? { user: settings.user, pass: settings.password ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send({ to, subject, body }) {
      try {
        await transport.sendMail({ from: settings.from, to, subject, text: body });
      } catch (error) {
        // nodemailer's messages name the server and the SMTP answer, not the message or password.
        throw new EmailError(`The SMTP server did not accept the e-mail: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
  };
}
