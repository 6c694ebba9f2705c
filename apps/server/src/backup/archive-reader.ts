import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Readable } from "node:stream";
import tar from "tar-stream";
import { MANIFEST_MEMBER, manifestSchema, type Manifest } from "./archive-format.ts";

/** The archive cannot be restored as it is: damaged, changed, or not a backup of ours. */
export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveRefusedError";
  }
}

/** Calls visit with each member of the archive in order; visit must read or drain the stream. */
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
    await visit(name, size, entry as unknown as Readable);
  }
}

/**
 * Reads the whole archive once and checks every member against the manifest: its size and
 * SHA-256, no member missing and none added. Resolves to the manifest; throws ArchiveRefusedError
 * naming the first member that does not match. Nothing is written.
 */
export async function verifyArchive(file: string, onProgress: (bytes: number) => void = () => {}): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new ArchiveRefusedError(`There is no file ${file}.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  let bytes = 0;
  try {
    await forEachMember(file, async (name, size, body) => {
      if (seen.has(name) || (name === MANIFEST_MEMBER && manifestText !== null))
        throw new ArchiveRefusedError(`The archive holds ${name} twice.`);
      const hash = createHash("sha256");
      const chunks: Buffer[] = [];
      for await (const chunk of body as AsyncIterable<Buffer>) {
        hash.update(chunk);
        if (name === MANIFEST_MEMBER) chunks.push(chunk);
        bytes += chunk.length;
        onProgress(bytes);
      }
      if (name === MANIFEST_MEMBER) manifestText = Buffer.concat(chunks).toString("utf8");
      else seen.set(name, { size, sha256: hash.digest("hex") });
    });
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError(`${file} is not a readable tar archive (${(error as Error).message}).`);
  }
  if (manifestText === null)
    throw new ArchiveRefusedError(`${file} has no ${MANIFEST_MEMBER}: it is not a Touchline backup.`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch (error) {
    throw new ArchiveRefusedError(
      `The ${MANIFEST_MEMBER} of ${file} is not a Touchline backup manifest (${(error as Error).message}).`,
    );
  }
  for (const [name, expected] of Object.entries(manifest.members)) {
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
  return manifest;
}
