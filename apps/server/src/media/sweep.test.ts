import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPlayer, loginCookie, type TestPlayer } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createMediaStore } from "./media-store.ts";
import { mediaKeys } from "./storage.ts";
import { sweepMedia } from "./sweep.ts";
import { fixture, tusCreate, tusHead, tusPatch, uploadFixture } from "../test/upload-client.ts";

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let player: TestPlayer;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  player = await createPlayer(t);
  cookie = await loginCookie(t, player);
});
afterAll(() => t.close());

const sweep = () =>
  sweepMedia(
    { storage: t.app.services.storage, store: createMediaStore(t.app.services.db), log: t.app.services.log },
    t.clock.now,
  );
const keysOf = async (fileId: string) => {
  const keys: string[] = [];
  for await (const object of t.app.services.storage.list(mediaKeys.prefix(fileId))) keys.push(object.key);
  return keys;
};

it("deletes, after 24 hours, files no profile uses, unfinished uploads and files without a record", async () => {
  // Used by a submitted profile: kept forever.
  const cover = await uploadFixture(t.app, cookie, "small.gif", "image");
  const highlight = await uploadFixture(t.app, cookie, "faststart.mp4", "video");
  const submitted = await t.app.inject({
    method: "POST",
    url: "/api/Scouts/ScoutManagement/CreateNewScout",
    headers: { cookie },
    payload: {
      scoutId: player.id,
      coverPhotoPath: cover.url,
      videoPath: highlight.url,
      position: "left-back",
      preferredFoot: "both",
      heightInCm: 170,
      weightInKg: 62,
      currentFitnessStatus: "average",
    },
  });
  expect(submitted.statusCode).toBe(201);

  // Uploaded, then never used.
  const unused = await uploadFixture(t.app, cookie, "gps.jpg", "image");
  // Started, then abandoned halfway.
  const clip = fixture("short.mp4");
  const abandoned = (await tusCreate(t.app, cookie, clip.length, { kind: "video" })).headers.get("location")!;
  expect((await tusPatch(t.app, cookie, abandoned, 0, clip.subarray(0, 10_000))).status).toBe(204);
  // Bytes whose record is gone (say, a crash between storing and recording).
  const orphanId = randomUUID();
  await t.app.services.storage.put(mediaKeys.original(orphanId), Buffer.from("left behind"));

  // Nothing is old enough yet.
  expect(await sweep()).toEqual({ unattachedFiles: 0, staleUploads: 0, orphanFiles: 0 });
  expect((await tusHead(t.app, cookie, abandoned)).status).toBe(200);

  t.clock.advance(23 * HOUR_MS);
  expect(await sweep()).toEqual({ unattachedFiles: 0, staleUploads: 0, orphanFiles: 0 });

  t.clock.advance(2 * HOUR_MS);
  expect(await sweep()).toEqual({ unattachedFiles: 1, staleUploads: 1, orphanFiles: 1 });

  const store = createMediaStore(t.app.services.db);
  expect(await store.find(unused.fileId)).toBeNull();
  expect(await keysOf(unused.fileId)).toEqual([]);
  expect(await keysOf(orphanId)).toEqual([]);
  const staged: string[] = [];
  for await (const upload of t.app.services.storage.uploads.list()) staged.push(upload.uploadId);
  expect(staged).toEqual([]);

  // The profile's files and their stored copies are untouched.
  expect(await store.find(cover.fileId)).not.toBeNull();
  expect(await store.find(highlight.fileId)).not.toBeNull();
  expect(await keysOf(cover.fileId)).toHaveLength(4);
  expect(await keysOf(highlight.fileId)).toEqual([mediaKeys.original(highlight.fileId)]);

  // A second pass finds nothing more to do.
  expect(await sweep()).toEqual({ unattachedFiles: 0, staleUploads: 0, orphanFiles: 0 });
});
