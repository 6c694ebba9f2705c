import { OTP_TTL_MS } from "@touchline/contract/limits";

export type CodePurpose = "registration" | "reset";

/**
 * The SMS with a code: names the product, holds the code as its first number (the code boxes
 * take the first five digits of a pasted SMS), and says how long it is valid. A registration
 * code also names the account it confirms, so the number's owner can tell a registration that
 * is not theirs (someone who typed their number) and ignore it. One SMS segment (160 GSM
 * characters) with the longest username.
 */
export function codeMessage(code: string, purpose: CodePurpose, username?: string): string {
  const minutes = Math.round(OTP_TTL_MS / 60_000);
  const use =
    purpose === "registration"
      ? `confirm your phone number${username ? ` for account ${username}` : ""}`
      : "reset your password";
  const validity = `It is valid for ${minutes} minutes. Never share it with anyone.`;
  return `Touchline: ${code} is your code to ${use}. ${validity}`;
}
