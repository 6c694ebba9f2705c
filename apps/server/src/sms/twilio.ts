import { postForm } from "./post-form.ts";
import type { SmsSender } from "./sender.ts";
import { SmsError } from "./sms-error.ts";

export interface TwilioOptions {
  /** https://api.twilio.com */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number or alphanumeric sender id; or use messagingServiceSid. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
}

/**
 * Twilio Programmable Messaging: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded
 * To, Body and From (or MessagingServiceSid), HTTP Basic auth with the account SID and auth token.
 * 201 with the message resource on success; errors are JSON {code, message, status}.
 */
export function createTwilioSender(options: TwilioOptions): SmsSender {
  const url = `${options.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    async send(to, body) {
      const form: Record<string, string> = { To: to, Body: body };
      // Twilio takes one sender: a messaging service (which picks the number itself) wins when both are set.
      if (options.messagingServiceSid) form.MessagingServiceSid = options.messagingServiceSid;
      else if (options.from) form.From = options.from;
      const { status, json } = await postForm(url, form, { authorization }, "Twilio");
      if (status !== 200 && status !== 201) {
        const error = json as { code?: number; message?: string } | null;
        throw new SmsError(
          `Twilio answered HTTP ${status}${error?.code ? ` (error ${error.code})` : ""}: ${error?.message ?? "no details"}`,
        );
      }
      const sid = (json as { sid?: unknown } | null)?.sid;
      return { providerId: typeof sid === "string" ? sid : null };
    },
  };
}
