import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { uploadFixture } from "../test/upload-client.ts";
import { removeMediaObjects } from "../media/finish-upload.ts";
import type { Storage } from "../media/storage.ts";
import { verifyArchive } from "./archive-reader.ts";
import { signingKeyOf } from "./archive-signature.ts";
import { takeBackup, type BackupSource } from "./backup-service.ts";
import { snapshotOfRunningServer } from "./backup-sources.ts";

/**
 * What a backup does with media files that the snapshot names but the storage no longer has:
 * deleted by their owner between the snapshot and the copy, or lost before the backup began.
 */

const key = signingKeyOf("test-signing-key-of-the-operator-0123456789");
const trust = { signingKey: key, acceptUnsigned: false };
let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-backup-media-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(folder, { recursive: true, force: true });
});

/** The server's own snapshot on PGlite; a transaction of the backup's own on PostgreSQL. */
function sourceWith(storage: Storage): () => Promise<BackupSource> {
  if (t.database.kind === "pglite") return () => snapshotOfRunningServer(t.database, storage, t.config, folder);
  return async () => ({
    snapshot: t.database,
    live: t.database.db,
    storage,
    kind: { database: "postgres", storage: "disk" },
    close: async () => {},
  });
}

function lines() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

describe("media files that vanish around a backup", () => {
  it("a file its owner deletes after the snapshot makes the backup start again without it", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const kept = await uploadFixture(t.app, cookie, "small.gif", "image");
    const deleted = await uploadFixture(t.app, cookie, "gps.jpg", "image");
    const storage = t.app.services.storage;
    let deletions = 0;
    // The owner deletes the unused photo while the first copy of the media is under way.
    const racing: Storage = Object.create(storage, {
      get: {
        value: async (key: string) => {
          if (deletions === 0) {
            deletions += 1;
            const res = await t.app.inject({
              method: "DELETE",
              url: `/api/media/${deleted.fileId}`,
              headers: { cookie },
            });
            expect(res.statusCode).toBeLessThan(300);
          }
          return storage.get(key);
        },
      },
    });

    const { out, err, output } = lines();
    const result = await takeBackup(sourceWith(racing), path.join(folder, "raced.tar"), output, key);
    expect(out).toContain("Media files were deleted after the snapshot; taking the backup again (attempt 2).");
    expect(err).toEqual([]);
    const { manifest } = await verifyArchive(result.file, trust);
    expect(manifest.media.missing).toEqual([]);
    const members = Object.keys(manifest.members);
    expect(members.some((m) => m.startsWith(`storage/media/${kept.fileId}/`))).toBe(true);
    expect(members.some((m) => m.includes(deleted.fileId!))).toBe(false);
    expect(manifest.tables.find((table) => table.name === "media_files")!.rows).toBe(1);
  });

  it("a file whose objects were already lost is listed as missing, and the backup says so", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const lost = await uploadFixture(t.app, cookie, "small.gif", "image");
    await removeMediaObjects(t.app.services.storage, lost.fileId!);

    const { err, output } = lines();
    const result = await takeBackup(sourceWith(t.app.services.storage), path.join(folder, "lost.tar"), output, key);
    const { manifest } = await verifyArchive(result.file, trust);
    expect(manifest.media.missing).toEqual([lost.fileId]);
    expect(err.join("\n")).toContain(`1 media file(s) named by the database have no stored object (${lost.fileId})`);
  });
});
