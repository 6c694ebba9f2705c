import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * A backup is signed with HMAC-SHA256 under BACKUP_SIGNING_KEY, a secret the operator keeps with
 * their other secrets (docs/decisions/0067-backups-are-signed-and-restores-trust-nothing-else.md).
 * The signature covers the manifest's exact bytes, and the manifest holds the size and SHA-256 of
 * every other member, so one signature vouches for the whole archive. Checksums alone prove
 * nothing: whoever edits a member can write its new checksum into the manifest.
 */
export const SIGNATURE_MEMBER = "manifest.sig";
export const SIGNATURE_ALGORITHM = "HMAC-SHA256";
/** The signature member is a few hundred bytes; anything much larger is not one of ours. */
export const SIGNATURE_MAX_BYTES = 4096;
/** The same floor as AUTH_SECRET: 32 characters of `openssl rand -base64 32` are 192 random bits. */
export const SIGNING_KEY_MIN_LENGTH = 32;

export interface SigningKey {
  /** Names the key in messages without revealing it: an HMAC of a fixed label, 16 hex digits. */
  id: string;
  secret: Buffer;
}

export function signingKeyOf(setting: string): SigningKey {
  const secret = Buffer.from(setting, "utf8");
  const id = createHmac("sha256", secret).update("touchline-backup key id").digest("hex").slice(0, 16);
  return { id, secret };
}

const signatureSchema = z.object({
  algorithm: z.literal(SIGNATURE_ALGORITHM),
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
  manifestSha256: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Bound to this use: a MAC of our manifest cannot be mistaken for one of anything else. */
const mac = (manifest: Buffer, key: SigningKey) =>
  createHmac("sha256", key.secret).update("touchline-backup manifest\n").update(manifest).digest();

/** The body of the signature member for these manifest bytes. */
export function signManifest(manifest: Buffer, key: SigningKey): Buffer {
  const body = {
    algorithm: SIGNATURE_ALGORITHM,
    keyId: key.id,
    manifestSha256: createHash("sha256").update(manifest).digest("hex"),
    signature: mac(manifest, key).toString("hex"),
  };
  return Buffer.from(`${JSON.stringify(body, null, 2)}\n`);
}

export type SignatureCheck =
  | { ok: true; keyId: string }
  | { ok: false; reason: "unreadable" | "no-key" | "other-key" | "mismatch"; keyId?: string };

/** Checks the signature member against the manifest's bytes and the operator's key. */
export function checkSignature(manifest: Buffer, signatureMember: Buffer, key: SigningKey | null): SignatureCheck {
  let parsed: z.infer<typeof signatureSchema>;
  try {
    parsed = signatureSchema.parse(JSON.parse(signatureMember.toString("utf8")));
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (!key) return { ok: false, reason: "no-key", keyId: parsed.keyId };
  if (parsed.keyId !== key.id) return { ok: false, reason: "other-key", keyId: parsed.keyId };
  const expected = mac(manifest, key);
  const given = Buffer.from(parsed.signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "mismatch", keyId: parsed.keyId };
  return { ok: true, keyId: key.id };
}

/** The operator's key from the settings, or null when BACKUP_SIGNING_KEY is not set. */
export const configuredSigningKey = (config: { BACKUP_SIGNING_KEY?: string }): SigningKey | null =>
  config.BACKUP_SIGNING_KEY ? signingKeyOf(config.BACKUP_SIGNING_KEY) : null;

/** Why a backup is not taken without a key, and what to do. */
export const MISSING_SIGNING_KEY =
  "BACKUP_SIGNING_KEY is not set. Backups are signed with it so that a restore can tell an archive you made from an edited one. " +
  "Make one with `openssl rand -base64 32`, keep a copy where you keep your other secrets, away from this machine (restoring onto a new machine needs it), " +
  "set it for the server and for this command, and run the backup again.";
