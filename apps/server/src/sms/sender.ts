import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import { createAfricasTalkingSender } from "./africastalking.ts";
import { createConsoleSender } from "./console-sender.ts";
import { createTwilioSender } from "./twilio.ts";

/** What a provider said about a message it took: its own id, for staff tracing a delivery. */
export interface SmsReceipt {
  providerId: string | null;
}

/** How a message may be treated by the product's SMS budget (sms-budget.ts). */
export interface SmsSendOptions {
  /**
   * true for a message that can wait (a notification, a digest): it may use only part of each
   * budget, keeping the rest for codes someone is waiting for on the page.
   */
  canWait?: boolean;
}

/**
 * Delivers one text message. Rejects (with an SmsError) when the provider did not accept it,
 * or (with an SmsRefusedError) when the product does not send it; resolves with the provider's
 * id when it gives one.
 */
export interface SmsSender {
  send(to: string, body: string, options?: SmsSendOptions): Promise<SmsReceipt | void>;
}

/** The sender chosen by SMS_PROVIDER (config.ts has already checked that its settings exist). */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  switch (config.SMS_PROVIDER) {
    case "africastalking":
      return createAfricasTalkingSender({
        baseUrl: config.AFRICASTALKING_BASE_URL,
        username: config.AFRICASTALKING_USERNAME!,
        apiKey: config.AFRICASTALKING_API_KEY!,
        from: config.AFRICASTALKING_FROM,
      });
    case "twilio":
      return createTwilioSender({
        baseUrl: config.TWILIO_BASE_URL,
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM,
        messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
      });
    case "console":
      if (config.isProduction)
        throw new Error(
          "SMS_PROVIDER=console cannot be used when NODE_ENV=production: set SMS_PROVIDER to africastalking or twilio.",
        );
      return createConsoleSender(config.dataDir, log);
  }
}
