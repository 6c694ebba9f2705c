import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import { createAfricasTalkingSender } from "./africastalking.ts";
import { createConsoleSender } from "./console-sender.ts";
import { createTwilioSender } from "./twilio.ts";

/** Delivers one text message. Rejects (with an SmsError) when the provider did not accept it. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/**
 * A provider refused or could not be reached. Providers sometimes quote the recipient in their
 * error text ("The 'To' number +260… is not valid"), so digit runs are blanked: this message
 * goes to the logs, which never hold a full phone number or a code.
 */
export class SmsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message.replace(/\+?\d[\d ]{5,}\d/g, "[number]"), options);
    this.name = "SmsError";
  }
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
      if (config.isProduction) throw new Error("SMS_PROVIDER=console cannot be used when NODE_ENV=production: set SMS_PROVIDER to africastalking or twilio.");
      return createConsoleSender(config.dataDir, log);
  }
}

/** How long a provider may take before we give up and tell the player to try again. */
export const SMS_TIMEOUT_MS = 10_000;

/** POSTs a form to a provider and returns its status and parsed JSON (or null), as one SmsError on network trouble. */
export async function postForm(url: string, form: Record<string, string>, headers: Record<string, string>, provider: string) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...headers },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SmsError(`${provider} could not be reached: ${(error as Error).message}`, { cause: error });
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Some gateway errors answer with HTML or plain text; the status code still tells the story.
  }
  return { status: response.status, json, text };
}
