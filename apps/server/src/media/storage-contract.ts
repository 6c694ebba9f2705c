import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { Upload } from "@tus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageNotFoundError, type Storage } from "./storage.ts";

/**
 * The behaviour every Storage adapter must have. disk-storage.test.ts runs it against the disk;
 * the S3 adapter's test runs the same suite against a real S3-protocol server.
 */
export function storageContract(
  name: string,
  open: () => Promise<{ storage: Storage; cleanup: () => Promise<void> }>,
): void {
  describe(`Storage contract: ${name}`, () => {
    let storage: Storage;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, cleanup } = await open());
    });
    afterAll(() => cleanup());

    const key = (suffix = "original") => `media/${randomUUID()}/${suffix}`;
    const read = async (stream: Promise<Readable>) => buffer(await stream);

    it("stores bytes and reads them back with their size", async () => {
      const k = key();
      const bytes = Buffer.from("hello, Lusaka");
      const stored = await storage.put(k, bytes, { contentType: "text/plain" });
      expect(stored).toMatchObject({ key: k, size: bytes.length });
      expect(await read(storage.get(k))).toEqual(bytes);
      expect(await storage.stat(k)).toMatchObject({ key: k, size: bytes.length });
    });

    it("streams a multi-megabyte body in and out unchanged", async () => {
      const k = key();
      const chunk = Buffer.alloc(256 * 1024);
      const hash = createHash("sha256");
      async function* source() {
        for (let i = 0; i < 12; i++) {
          chunk.fill(i);
          hash.update(chunk);
          yield Buffer.from(chunk);
        }
      }
      const stored = await storage.put(k, Readable.from(source()));
      expect(stored.size).toBe(12 * chunk.length);
      const back = createHash("sha256");
      for await (const part of await storage.get(k)) back.update(part as Buffer);
      expect(back.digest("hex")).toBe(hash.digest("hex"));
    });

    it("reads an inclusive byte range", async () => {
      const k = key();
      await storage.put(k, Buffer.from("0123456789"));
      expect((await read(storage.get(k, { start: 0, end: 0 }))).toString()).toBe("0");
      expect((await read(storage.get(k, { start: 3, end: 6 }))).toString()).toBe("3456");
      expect((await read(storage.get(k, { start: 9, end: 9 }))).toString()).toBe("9");
    });

    it("says clearly when an object is absent", async () => {
      const k = key();
      expect(await storage.stat(k)).toBeNull();
      await expect(storage.get(k)).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it("replaces an object written twice", async () => {
      const k = key();
      await storage.put(k, Buffer.from("first version"));
      await storage.put(k, Buffer.from("second"));
      expect((await read(storage.get(k))).toString()).toBe("second");
    });

    it("keeps nothing of a body that failed midway", async () => {
      const k = key();
      async function* failing() {
        yield Buffer.from("partial");
        throw new Error("connection lost");
      }
      await expect(storage.put(k, Readable.from(failing()))).rejects.toThrow("connection lost");
      expect(await storage.stat(k)).toBeNull();
    });

    it("deletes, and deleting an absent object is not an error", async () => {
      const k = key();
      await storage.put(k, Buffer.from("x"));
      await storage.delete(k);
      expect(await storage.stat(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it("lists by prefix", async () => {
      const id = randomUUID();
      await storage.put(`media/${id}/original`, Buffer.from("a"));
      await storage.put(`media/${id}/w320`, Buffer.from("bb"));
      await storage.put(`media/${id}x/original`, Buffer.from("c"));
      const keys = async (prefix: string) => {
        const found: string[] = [];
        for await (const object of storage.list(prefix)) found.push(object.key);
        return found.sort();
      };
      expect(await keys(`media/${id}/`)).toEqual([`media/${id}/original`, `media/${id}/w320`]);
      expect(await keys(`media/${id}`)).toEqual([`media/${id}/original`, `media/${id}/w320`, `media/${id}x/original`]);
      expect(await keys(`media/${randomUUID()}/`)).toEqual([]);
    });

    it("refuses keys that could leave the storage area", async () => {
      for (const bad of [
        "../escape",
        "media/../../etc/passwd",
        "/absolute",
        ".hidden",
        "media//double",
        "",
        "media/x/",
        "a\\b",
      ]) {
        await expect(storage.put(bad, Buffer.from("x")), bad).rejects.toThrow(/Invalid storage key/);
      }
    });

    describe("upload staging", () => {
      const stage = async (bytes: Buffer) => {
        const id = randomUUID();
        await storage.uploads.datastore.create(
          new Upload({ id, size: bytes.length, offset: 0, metadata: { kind: "video" } }),
        );
        const half = Math.floor(bytes.length / 2);
        await storage.uploads.datastore.write(Readable.from([bytes.subarray(0, half)]), id, 0);
        expect((await storage.uploads.datastore.getUpload(id)).offset).toBe(half);
        await storage.uploads.datastore.write(Readable.from([bytes.subarray(half)]), id, half);
        return id;
      };

      it("moves a complete upload to its final key and forgets the upload", async () => {
        const bytes = Buffer.from("a resumable upload, written in two parts");
        const id = await stage(bytes);
        const upload = await storage.uploads.datastore.getUpload(id);
        expect(upload).toMatchObject({ offset: bytes.length, size: bytes.length, metadata: { kind: "video" } });
        const listed: string[] = [];
        for await (const staged of storage.uploads.list()) listed.push(staged.uploadId);
        expect(listed).toContain(id);

        const k = key();
        expect(await storage.uploads.adopt(id, k, { contentType: "video/mp4" })).toMatchObject({
          key: k,
          size: bytes.length,
        });
        expect(await read(storage.get(k))).toEqual(bytes);
        await expect(storage.uploads.datastore.getUpload(id)).rejects.toBeTruthy();
        const after: string[] = [];
        for await (const staged of storage.uploads.list()) after.push(staged.uploadId);
        expect(after).not.toContain(id);
      });

      it("discards an upload, and discarding twice is not an error", async () => {
        const id = await stage(Buffer.from("to be thrown away"));
        await storage.uploads.discard(id);
        await storage.uploads.discard(id);
        await expect(storage.uploads.datastore.getUpload(id)).rejects.toBeTruthy();
      });

      it("lists staged uploads with their creation dates", async () => {
        const before = Date.now() - 1000;
        const id = await stage(Buffer.from("dated"));
        let found: Date | undefined;
        for await (const staged of storage.uploads.list()) if (staged.uploadId === id) found = staged.createdAt;
        expect(found!.getTime()).toBeGreaterThanOrEqual(before);
        expect(found!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      });

      it("keeps the bytes that arrived before a write broke off, and resumes after them", async () => {
        const bytes = Buffer.from("0123456789".repeat(300));
        const id = randomUUID();
        await storage.uploads.datastore.create(
          new Upload({ id, size: bytes.length, offset: 0, metadata: { kind: "video" } }),
        );
        async function* cut() {
          yield bytes.subarray(0, 1000);
          // The phone goes quiet, then the connection drops.
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error("connection lost");
        }
        await expect(storage.uploads.datastore.write(Readable.from(cut()), id, 0)).rejects.toBeTruthy();
        expect((await storage.uploads.datastore.getUpload(id)).offset).toBe(1000);
        expect(await storage.uploads.datastore.write(Readable.from([bytes.subarray(1000)]), id, 1000)).toBe(
          bytes.length,
        );
        const k = key();
        await storage.uploads.adopt(id, k);
        expect(await read(storage.get(k))).toEqual(bytes);
      });

      it("assembles an upload of many megabytes sent in uneven parts", async () => {
        const bytes = Buffer.alloc(13 * 1024 * 1024 + 123);
        for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
        const id = randomUUID();
        await storage.uploads.datastore.create(
          new Upload({ id, size: bytes.length, offset: 0, metadata: { kind: "video" } }),
        );
        // A small part, a single byte, a part longer than one stored piece, the rest in 1 MB reads.
        const cuts = [3 * 1024 * 1024, 3 * 1024 * 1024 + 1, 12 * 1024 * 1024, bytes.length];
        let offset = 0;
        for (const end of cuts) {
          const part = bytes.subarray(offset, end);
          const reads = Array.from({ length: Math.ceil(part.length / (1024 * 1024)) }, (_, i) =>
            part.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
          );
          offset = await storage.uploads.datastore.write(Readable.from(reads), id, offset);
          expect(offset).toBe(end);
          expect((await storage.uploads.datastore.getUpload(id)).offset).toBe(end);
        }
        const k = key();
        expect(await storage.uploads.adopt(id, k, { contentType: "video/mp4" })).toMatchObject({
          key: k,
          size: bytes.length,
        });
        const back = createHash("sha256");
        for await (const part of await storage.get(k)) back.update(part as Buffer);
        expect(back.digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
      });

      it("refuses to adopt an upload that does not exist", async () => {
        await expect(storage.uploads.adopt(randomUUID(), key())).rejects.toBeInstanceOf(StorageNotFoundError);
      });
    });
  });
}
