import { postForm } from "./post-form.ts";
import type { SmsSender } from "./sender.ts";
import { SmsError } from "./sms-error.ts";

export interface AfricasTalkingOptions {
  /** https://api.africastalking.com, or https://api.sandbox.africastalking.com for the sandbox. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Registered sender id or short code; omitted means the account's default. */
  from?: string | undefined;
}

/** Per-recipient status codes that mean the message was taken: Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);

interface AtAnswer {
  SMSMessageData?: { Message?: string; Recipients?: { statusCode?: number; status?: string; messageId?: string }[] };
}

/**
 * Africa's Talking SMS API: POST {base}/version1/messaging, form-encoded username, to, message
 * and optional from, the apiKey header, answered in JSON (Accept: application/json). Success
 * is an HTTP 201 whose recipient carries status code 100-102; anything else is a failure.
 */
export function createAfricasTalkingSender(options: AfricasTalkingOptions): SmsSender {
  const url = `${options.baseUrl.replace(/\/$/, "")}/version1/messaging`;
  return {
    async send(to, body) {
      const form: Record<string, string> = { username: options.username, to, message: body };
      if (options.from) form.from = options.from;
      const { status, json, text } = await postForm(url, form, { apiKey: options.apiKey }, "Africa's Talking");
      if (status < 200 || status >= 300) {
        throw new SmsError(`Africa's Talking answered HTTP ${status}: ${text.slice(0, 200)}`);
      }
      const recipient = (json as AtAnswer | null)?.SMSMessageData?.Recipients?.[0];
      if (!recipient || !ACCEPTED.has(Number(recipient.statusCode))) {
        const reason =
          recipient?.status ?? (json as AtAnswer | null)?.SMSMessageData?.Message ?? "no recipient in the answer";
        throw new SmsError(`Africa's Talking did not accept the message: ${reason}`);
      }
      return { providerId: typeof recipient.messageId === "string" ? recipient.messageId : null };
    },
  };
}
