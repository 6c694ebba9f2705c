import { SmsError } from "./sms-error.ts";

/** How long a provider may take before we give up and tell the player to try again. */
export const SMS_TIMEOUT_MS = 10_000;

/** POSTs a form to a provider and returns its status and parsed JSON (or null), as one SmsError on network trouble. */
export async function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  provider: string,
) {
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
