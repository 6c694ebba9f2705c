import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import { createConsoleEmailSender } from "./console-sender.ts";
import type { EmailSender } from "./email-message.ts";
import { createSmtpSender } from "./smtp-sender.ts";

export { EmailError, type EmailMessage, type EmailSender } from "./email-message.ts";

/** The sender chosen by EMAIL_PROVIDER (config.ts has already checked that its settings exist). */
export function createEmailSender(config: Config, log: FastifyBaseLogger): EmailSender {
  switch (config.EMAIL_PROVIDER) {
    case "smtp":
      return createSmtpSender({
        host: config.SMTP_HOST!,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE ?? config.SMTP_PORT === 465,
        user: config.SMTP_USER,
        password: config.SMTP_PASSWORD,
        from: config.EMAIL_FROM!,
      });
    case "console":
      if (config.isProduction)
        throw new Error(
          "EMAIL_PROVIDER=console cannot be used when NODE_ENV=production: set EMAIL_PROVIDER=smtp and the SMTP_* settings.",
        );
      return createConsoleEmailSender(config.dataDir, log);
  }
}
