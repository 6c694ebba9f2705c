import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, like } from "drizzle-orm";
import type { PublicPlayer, PublicPlayerList } from "@touchline/contract/talent";
import { players } from "../db/schema/auth.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PLAYERS,
  parseSeedDemoArgs,
  runSeedDemo,
  SEED_DEMO_USAGE,
  seedDemo,
} from "./seed-demo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const demoAccounts = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(players)
      .where(like(players.email, `%@${DEMO_EMAIL_DOMAIN}`))
  )[0]!.n;

async function storedObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.services.storage.list("media/")) keys.push(object.key);
  return keys.sort();
}

/**
 * A seed prepares about 47 short videos, five ffmpeg or ffprobe runs each. Debian's ffmpeg,
 * which the server runs where it is installed, took about a quarter of a second to start here
 * against a few milliseconds for the static npm build: a seed took 156 s with it at a load
 * average of 12, against 80 s with the npm build.
 */
describe("seed-demo", { timeout: 240_000 }, () => {
  it("fills the public list with approved demo players, with real covers and videos", async () => {
    const result = await seedDemo(t.app);
    const approved = DEMO_PLAYERS.filter((p) => !p.pending).length;
    expect(result).toMatchObject({ removed: 0, approved, pending: DEMO_PLAYERS.length - approved });
    expect(approved).toBeGreaterThanOrEqual(30);

    const list = (await t.app.inject("/api/talent/players?pageSize=48")).json() as PublicPlayerList;
    expect(list.total).toBe(approved);
    // Newest first: the first demo player's video is the newest.
    expect(list.items.map((item) => item.username)).toEqual(
      result.usernames.filter((_, i) => !DEMO_PLAYERS[i]!.pending),
    );
    expect(list.items[0]).toMatchObject({
      username: "mwilab1",
      firstName: "Mwila",
      lastInitial: "B",
      age: 19,
      position: "striker",
    });
    // Adults show their age, the demo players of 15 to 17 "Under 18".
    for (const item of list.items)
      expect(item.age === null ? item.ageBand === "under-18" : item.age >= 18 && item.ageBand === null).toBe(true);
    expect(list.items.some((item) => item.ageBand === "under-18")).toBe(true);

    const player = (await t.app.inject(`/api/talent/players/${list.items[0]!.username}`)).json() as PublicPlayer;
    const cover = await t.app.inject(player.cover.variants[0]!.url);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toBe("image/webp");
    expect(player.cover.variants.map((v) => v.width)).toEqual([320, 640, 960]);
    // Real renditions: H.264 MP4s with a poster, played with Range requests.
    const [rendition] = player.videos[0]!.renditions;
    const video = await t.app.inject({ url: rendition!.url, headers: { range: "bytes=0-9" } });
    expect(video.statusCode).toBe(206);
    expect(video.headers["content-type"]).toBe("video/mp4");
    expect(player.videos[0]!.posters.length).toBeGreaterThan(0);

    // Every fourth is confirmed by an invented coach: role and club public, the coach's name not.
    const endorsed = (await t.app.inject("/api/talent/players?endorsed=1&pageSize=48")).json() as PublicPlayerList;
    expect(endorsed.items.map((item) => item.username)).toEqual(
      result.usernames.filter((_, i) => i % 4 === 0 && !DEMO_PLAYERS[i]!.pending),
    );
    expect(player.endorsements).toEqual([
      expect.objectContaining({ role: "head-coach", club: "Lusaka Rising Stars FC", team: "First team" }),
    ]);

    // The pending ones wait in the review queue.
    const pending = (await t.app.inject("/api/talent/players?q=gift")).json() as PublicPlayerList;
    expect(pending.total).toBe(0);
  });

  it("replaces its own players when run again, leaving no old files behind", async () => {
    const before = await storedObjects();
    // A few players this time (--players): every earlier one is replaced all the same, and the
    // seed takes seconds instead of a minute or more.
    const result = await seedDemo(t.app, { players: 3 });
    expect(result).toMatchObject({ removed: DEMO_PLAYERS.length, approved: 3, pending: 0 });
    expect(result.usernames).toEqual(["mwilab1", "chipop2", "josephz3"]);
    expect(await demoAccounts()).toBe(3);
    // The media rows left are the new players' own, and the stored files exactly theirs.
    const rows = await t.database.db
      .select({ id: mediaFiles.id, owner: players.username })
      .from(mediaFiles)
      .innerJoin(players, eq(players.id, mediaFiles.ownerPlayerId));
    expect(new Set(rows.map((row) => row.owner))).toEqual(new Set(result.usernames));
    const after = await storedObjects();
    expect(new Set(after.map((key) => key.split("/")[1]))).toEqual(new Set(rows.map((row) => row.id)));
    expect(after.filter((key) => before.includes(key))).toEqual([]);
  });

  it("takes --players to seed only the first few, and refuses anything else before opening a database", async () => {
    expect(parseSeedDemoArgs([])).toEqual({});
    expect(parseSeedDemoArgs(["--players", "3"])).toEqual({ players: 3 });
    expect(parseSeedDemoArgs([`--players=${DEMO_PLAYERS.length}`])).toEqual({ players: DEMO_PLAYERS.length });
    // Had it opened the embedded database, this folder would exist.
    const dataDir = path.join(os.tmpdir(), `touchline-seed-args-${randomUUID()}`);
    for (const argv of [
      ["--players", "0"],
      ["--players", "2.5"],
      [`--players=${DEMO_PLAYERS.length + 1}`],
      ["--all"],
    ]) {
      const errors: string[] = [];
      const code = await runSeedDemo(
        argv,
        { DATA_DIR: dataDir },
        () => {},
        (line) => errors.push(line),
      );
      expect(code, argv.join(" ")).toBe(2);
      expect(errors.join("\n"), argv.join(" ")).toContain(SEED_DEMO_USAGE);
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it("refuses to run in production", async () => {
    const errors: string[] = [];
    const code = await runSeedDemo(
      [],
      { NODE_ENV: "production" },
      () => {},
      (line) => errors.push(line),
    );
    expect(code).toBe(1);
    expect(errors.join("\n")).toContain("NODE_ENV=production");
  });
});
