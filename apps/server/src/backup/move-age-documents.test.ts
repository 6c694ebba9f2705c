import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { connectDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { ageChecks } from "../db/schema/ages.ts";
import { players } from "../db/schema/auth.ts";
import { createDiskStorage } from "../media/disk-storage.ts";
import { createStorage } from "../media/create-storage.ts";
import { ageDocumentKeys } from "../media/storage.ts";
import { startTestS3Server } from "../test/s3-server.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { moveToPostgres } from "./move-service.ts";

/**
 * The move to PostgreSQL and a bucket carries the photo of an identity document that waits for
 * staff to the bucket, and leaves none on the old disk, which no server sweeps any more.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

const bytesOf = async (stream: Readable) => Buffer.concat(await stream.toArray());

describe.skipIf(!onPostgres)("moving an embedded site with identity documents to PostgreSQL and S3", () => {
  it("copies the waiting photo to the bucket and deletes every photo from DATA_DIR", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-move-docs-"));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const embedded = await connectDatabase({ pgliteDir: path.join(dataDir, "db") });
    await migrate(embedded);
    const playerId = randomUUID();
    await embedded.db.insert(players).values({
      id: playerId,
      firstName: "Mwila",
      lastName: "Banda",
      username: "mwila",
      usernameKey: "mwila",
      dateOfBirth: "2010-03-04",
      email: "mwila@example.zm",
      phoneNumber: "+260971000001",
      passwordHash: "not-a-real-hash",
      phoneVerifiedAt: new Date(),
    });
    const checkId = randomUUID();
    const waitingKey = ageDocumentKeys.document(checkId);
    await embedded.db.insert(ageChecks).values({
      id: checkId,
      playerId,
      documentKind: "birth-certificate",
      sentBy: "guardian",
      state: "pending",
      documentKey: waitingKey,
      createdAt: new Date(),
    });
    await embedded.close();
    const disk = createDiskStorage(path.join(dataDir, "uploads"));
    const photo = Buffer.from("a child's birth certificate, as a photo");
    await disk.put(waitingKey, photo, { contentType: "image/webp" });
    // A photo no waiting check names (a send cut short): it must not stay behind either.
    const orphanKey = ageDocumentKeys.document(randomUUID());
    await disk.put(orphanKey, Buffer.from("left by a crash"));

    const target = await createTestDatabase();
    cleanups.push(() => target.drop());
    const s3 = await startTestS3Server();
    cleanups.push(() => s3.close());
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      DATABASE_URL: target.url!,
      ...s3.env,
    });
    const lines: string[] = [];
    const out = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-move-out-"));
    cleanups.push(() => fs.rm(out, { recursive: true, force: true }));
    const moved = await moveToPostgres(
      config,
      out,
      { force: false },
      { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    );

    expect(moved.ageDocuments).toEqual({ moved: 1, deleted: 2, failed: [] });
    expect(lines).toContain(
      "Identity documents waiting for an age check: 1 copied to the bucket; 2 deleted from DATA_DIR.",
    );
    const bucket = createStorage({ ...config, dataDir: out });
    expect(await bytesOf(await bucket.get(waitingKey))).toEqual(photo);
    expect(await bucket.stat(orphanKey)).toBeNull();
    expect(await disk.stat(waitingKey)).toBeNull();
    expect(await disk.stat(orphanKey)).toBeNull();
    // The check still waits in the new database, with the photo staff will open.
    const [check] = await target.connection.db.select().from(ageChecks).where(eq(ageChecks.id, checkId));
    expect(check).toMatchObject({ state: "pending", documentKey: waitingKey });
    // ...and the archive kept from the move holds no identity document.
    const archives = (await fs.readdir(out)).filter((name) => name.endsWith(".tar"));
    expect(archives).toHaveLength(1);
    expect((await fs.readFile(path.join(out, archives[0]!))).includes(photo)).toBe(false);
  }, 300_000);
});
