import { OTP_TTL_MS } from "@touchline/contract/limits";

export type CodePurpose = "registration" | "reset";

/**
 * The SMS with a code: names the product, holds the code as its only 5-digit number, and says
 * how long it is valid. Short enough for one SMS segment (160 GSM characters).
 */
export function codeMessage(code: string, purpose: CodePurpose): string {
  const minutes = Math.round(OTP_TTL_MS / 60_000);
  const use = purpose === "registration" ? "confirm your phone number" : "reset your password";
  return `Touchline: your code to ${use} is ${code}. It is valid for ${minutes} minutes. Never share it with anyone.`;
}
