import { hash, verify, type Algorithm } from "@node-rs/argon2";

/**
 * argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommended minimum).
 * Algorithm is a const enum, which isolatedModules cannot read, hence the literal.
 */
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account, so the answer time of a
 * login does not tell whether a number is registered.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword("touchline-timing-equaliser");
  await verifyPassword(await dummyHash, password);
  return false;
}
