import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { MANIFEST_MEMBER, type Manifest } from "./archive-format.ts";
import { signManifest, SIGNATURE_MEMBER, type SigningKey } from "./archive-signature.ts";

/** A stored object's length changed while it was copied (it was replaced): the backup is taken again. */
export class MemberChangedError extends Error {}

/**
 * Writes an archive member by member to `<file>.partial` (mode 0600: it holds password hashes and
 * minors' data) and renames it to its name only once the manifest is written and the file is
 * flushed to disk, so a file with the final name is always complete. abort() removes the partial
 * file; nothing half-written keeps the final name.
 */
export interface ArchiveWriter {
  readonly file: string;
  /** Adds a member of a known size from a stream; resolves to its SHA-256. Throws if the stream's length differs. */
  add(name: string, size: number, body: Readable): Promise<string>;
  /**
   * Writes the manifest (every member's size and checksum, gathered here) and its signature with
   * key (none: an unsigned archive, which a restore accepts only when told to), and names the file.
   */
  finish(manifest: Omit<Manifest, "members">, key: SigningKey | null): Promise<{ file: string; bytes: number }>;
  abort(): Promise<void>;
  /** Bytes written to the archive so far. */
  written(): number;
}

export async function createArchiveWriter(file: string): Promise<ArchiveWriter> {
  const partial = `${file}.partial`;
  if (fs.existsSync(file)) throw new Error(`${file} already exists; choose another --out.`);
  const members: Manifest["members"] = {};
  const pack = tar.pack();
  let written = 0;
  const out = fs.createWriteStream(partial, { mode: 0o600, flags: "wx" });
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(null, chunk);
    },
  });
  const flushed = pipeline(pack, counting, out);
  // An error on the file (a full disk) surfaces through the next add() or finish().
  let failure: Error | null = null;
  flushed.catch((error: Error) => (failure = error));
  const mtime = new Date();

  const entry = (name: string, size: number) => {
    let settle!: (error?: Error | null) => void;
    const done = new Promise<void>((ok, fail) => (settle = (error) => (error ? fail(error) : ok())));
    // Awaited where it matters; an entry abandoned after an earlier error must not crash the process.
    done.catch(() => {});
    const sink = pack.entry({ name, size, mode: 0o600, mtime }, (error) => settle(error));
    // The file failing (a full disk) destroys the pack and this entry with it: an error, not a crash.
    sink.on("error", (error: Error) => {
      failure ??= error;
      settle(error);
    });
    return { sink: sink as unknown as NodeJS.WritableStream & { destroy(): void }, done };
  };

  return {
    file,
    written: () => written,
    async add(name, size, body) {
      if (failure) throw failure;
      if (members[name]) throw new Error(`The archive already has a member ${name}`);
      const hash = createHash("sha256");
      let seen = 0;
      const { sink, done } = entry(name, size);
      // tar-stream's streams are streamx ones: written by hand rather than through stream.pipeline.
      for await (const chunk of body as AsyncIterable<Buffer>) {
        seen += chunk.length;
        if (seen > size) break;
        hash.update(chunk);
        if (!sink.write(chunk)) await Promise.race([new Promise((resolve) => sink.once("drain", resolve)), done]);
        if (failure) throw failure;
      }
      if (seen !== size) {
        sink.destroy();
        throw new MemberChangedError(`${name} changed while it was copied (${seen} bytes or more, ${size} expected)`);
      }
      sink.end();
      await done;
      if (failure) throw failure;
      const sha256 = hash.digest("hex");
      members[name] = { size, sha256 };
      return sha256;
    },
    async finish(manifest, key) {
      if (failure) throw failure;
      const text = Buffer.from(`${JSON.stringify({ ...manifest, members }, null, 2)}\n`);
      const small = (name: string, body: Buffer) =>
        new Promise<void>((resolve, reject) =>
          pack.entry({ name, size: body.length, mode: 0o600, mtime }, body, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
      await small(MANIFEST_MEMBER, text);
      if (key) await small(SIGNATURE_MEMBER, signManifest(text, key));
      pack.finalize();
      await flushed;
      const handle = await fsp.open(partial, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (fs.existsSync(file)) throw new Error(`${file} appeared while the backup was written; it was left alone.`);
      await fsp.rename(partial, file);
      return { file, bytes: written };
    },
    async abort() {
      pack.destroy();
      out.destroy();
      await flushed.catch(() => {});
      await fsp.rm(partial, { force: true });
    },
  };
}
