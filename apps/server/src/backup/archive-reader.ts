import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Readable } from "node:stream";
import tar from "tar-stream";
import { isKnownMember, MANIFEST_MAX_BYTES, MANIFEST_MEMBER, manifestSchema, type Manifest } from "./archive-format.ts";
import {
  checkSignature,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MEMBER,
  SIGNING_KEY_MIN_LENGTH,
  type SigningKey,
} from "./archive-signature.ts";
import { megabytes } from "./progress.ts";

/** The archive cannot be restored as it is: damaged, changed, unsigned, or not a backup of ours. */
export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveRefusedError";
  }
}

/**
 * What a restore trusts: archives signed with the operator's key; unsigned ones (made before
 * backups were signed, or by a move without a key) only when the operator says so.
 */
export interface ArchiveTrust {
  signingKey: SigningKey | null;
  acceptUnsigned: boolean;
}

export interface VerifiedArchive {
  manifest: Manifest;
  /** The key id it was signed with, or null for an unsigned archive accepted as such. */
  signedBy: string | null;
}

/**
 * Calls visit with each member of the archive in order; visit must read or drain the stream. A
 * member that is not a file, or whose name a backup never writes, is refused before it is read.
 */
export async function forEachMember(
  file: string,
  visit: (name: string, size: number, body: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const input = fs.createReadStream(file);
  input.on("error", (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const { name, size, type } = entry.header;
    if (type !== "file") throw new ArchiveRefusedError(`The archive holds ${name}, which is not a file.`);
    if (!isKnownMember(name))
      throw new ArchiveRefusedError(
        `The archive holds ${JSON.stringify(name)}, which a Touchline backup never holds (only database/<table>.jsonl, storage/media/... and the manifest): it was changed. Nothing was restored.`,
      );
    await visit(name, size, entry as unknown as Readable);
  }
}

const SET_THE_KEY = `Set BACKUP_SIGNING_KEY to the key the backup was made with (at least ${SIGNING_KEY_MIN_LENGTH} characters)`;

/**
 * Reads the whole archive once and checks it: every member's name is one a backup writes, the
 * manifest is signed with the operator's key (or the operator accepts unsigned archives), and
 * every member has the size and SHA-256 the manifest lists, none missing and none added. Resolves
 * to the manifest; throws ArchiveRefusedError naming what does not match. Nothing is written.
 */
export async function verifyArchive(
  file: string,
  trust: ArchiveTrust,
  onProgress: (bytes: number) => void = () => {},
): Promise<VerifiedArchive> {
  if (!fs.existsSync(file)) throw new ArchiveRefusedError(`There is no file ${file}.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  let signatureBytes: Buffer | null = null;
  let bytes = 0;
  try {
    await forEachMember(file, async (name, size, body) => {
      const small = name === MANIFEST_MEMBER || name === SIGNATURE_MEMBER;
      if (
        seen.has(name) ||
        (name === MANIFEST_MEMBER && manifestBytes) ||
        (name === SIGNATURE_MEMBER && signatureBytes)
      )
        throw new ArchiveRefusedError(`The archive holds ${name} twice.`);
      // Read into memory only within a bound: a forged size must not exhaust it.
      const limit = name === MANIFEST_MEMBER ? MANIFEST_MAX_BYTES : SIGNATURE_MAX_BYTES;
      if (small && size > limit)
        throw new ArchiveRefusedError(
          `The archive's ${name} is ${megabytes(size)}, more than a backup writes (${megabytes(limit)}): it is not a Touchline backup.`,
        );
      const hash = createHash("sha256");
      const chunks: Buffer[] = [];
      for await (const chunk of body as AsyncIterable<Buffer>) {
        hash.update(chunk);
        if (small) chunks.push(chunk);
        bytes += chunk.length;
        onProgress(bytes);
      }
      if (name === MANIFEST_MEMBER) manifestBytes = Buffer.concat(chunks);
      else if (name === SIGNATURE_MEMBER) signatureBytes = Buffer.concat(chunks);
      else seen.set(name, { size, sha256: hash.digest("hex") });
    });
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError(`${file} is not a readable tar archive (${(error as Error).message}).`);
  }
  const manifestText = manifestBytes as Buffer | null;
  if (manifestText === null)
    throw new ArchiveRefusedError(`${file} has no ${MANIFEST_MEMBER}: it is not a Touchline backup.`);

  // The signature first: nothing the manifest says is believed before it.
  let signedBy: string | null = null;
  const signature = signatureBytes as Buffer | null;
  if (signature === null) {
    if (!trust.acceptUnsigned)
      throw new ArchiveRefusedError(
        `${file} is not signed, so nothing shows it is a backup you made rather than an edited one. ` +
          "Backups made before signing was added are unsigned: if you are sure this one is yours and unchanged, add --accept-unsigned. Nothing was restored.",
      );
  } else {
    const check = checkSignature(manifestText, signature, trust.signingKey);
    if (!check.ok) {
      const messages = {
        unreadable: `The signature of ${file} (${SIGNATURE_MEMBER}) is not one a backup writes: the archive was changed. Nothing was restored.`,
        "no-key": `${file} is signed (key id ${check.keyId}) but BACKUP_SIGNING_KEY is not set. ${SET_THE_KEY} and run the restore again. Nothing was restored.`,
        "other-key": `${file} was signed with another key (key id ${check.keyId}; BACKUP_SIGNING_KEY is key id ${trust.signingKey?.id}). ${SET_THE_KEY} and run the restore again. Nothing was restored.`,
        mismatch: `The manifest of ${file} does not match its signature: the archive was edited after it was made. Nothing was restored.`,
      };
      throw new ArchiveRefusedError(messages[check.reason]);
    }
    signedBy = check.keyId;
  }

  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText.toString("utf8")));
  } catch (error) {
    throw new ArchiveRefusedError(
      `The ${MANIFEST_MEMBER} of ${file} is not a Touchline backup manifest (${(error as Error).message}).`,
    );
  }
  for (const table of manifest.tables)
    if (table.member !== `database/${table.name}.jsonl`)
      throw new ArchiveRefusedError(`The manifest names ${table.member} for the table ${table.name}: it was changed.`);
  for (const [name, expected] of Object.entries(manifest.members)) {
    if (!isKnownMember(name) || name === MANIFEST_MEMBER || name === SIGNATURE_MEMBER)
      throw new ArchiveRefusedError(`The manifest lists ${JSON.stringify(name)}, which a backup never holds.`);
    const found = seen.get(name);
    if (!found) throw new ArchiveRefusedError(`The archive lacks ${name}, which its manifest lists: it is incomplete.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256)
      throw new ArchiveRefusedError(
        `The member ${name} does not match the manifest (SHA-256 ${found.sha256}, ${found.size} bytes; ` +
          `the manifest says ${expected.sha256}, ${expected.size} bytes): the archive was damaged or changed. Nothing was restored.`,
      );
  }
  for (const name of seen.keys())
    if (!manifest.members[name])
      throw new ArchiveRefusedError(`The archive holds ${name}, which its manifest does not list: it was changed.`);
  return { manifest, signedBy };
}
