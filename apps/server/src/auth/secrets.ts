import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "@touchline/contract/limits";

/** 32 random bytes (256 bits) as base64url: session cookies and reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * sha256 of a high-entropy token. Enough for session and reset tokens: with 256 random bits there
 * is nothing to brute-force, so a slow hash would only cost time on every request. The one-shot
 * crypto.hash: every request with a session cookie runs this, and it costs a fraction of a Hash
 * object's create, update and digest.
 */
export function sha256Hex(value: string): string {
  return hash("sha256", value, "hex");
}

/** A code of OTP_LENGTH digits from the operating system's CSPRNG, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

/**
 * A 5-digit code has only 100 000 values, so a plain hash would fall to anyone who can read the
 * table. HMAC with the server's AUTH_SECRET (never in the database) closes that; the phone and
 * purpose are part of the message, so a stored hash only ever matches its own number and purpose.
 */
export function codeHash(secret: string, phone: string, purpose: string, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${phone}\n${code}`).digest("hex");
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
