/** The JSON body of every 4xx/5xx answer of our API. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
  /** A machine-readable reason where the client acts on it, e.g. "PHONE_NOT_VERIFIED". */
  code?: string;
  /** On a 429 (and a refused resend): seconds until trying again can succeed. */
  retryAfterSeconds?: number;
  /** PHONE_NOT_VERIFIED: the number to confirm, and whether a new code went out to it. */
  phoneNumber?: string;
  codeSent?: boolean;
  /** SCOUT_NOT_VERIFIED: where the scout's account stands ("unverified", "rejected", …). */
  state?: string;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ApiErrorBody).message === "string";
}
