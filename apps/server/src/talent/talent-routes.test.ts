import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { REQUEST_FAILED, TALENT } from "@touchline/contract/messages";
import { PUBLIC_TALENT_CACHE_CONTROL, type PublicPlayer, type PublicPlayerList } from "@touchline/contract/talent";
import { players } from "../db/schema/auth.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createTalentService } from "./talent-service.ts";
import { talentForWeb } from "./web-context.ts";
import { createProfile, type ProfileOptions } from "../test/public-players.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Every key the public API may answer with, at any depth. Compared key by key, recursively:
 * a new field anywhere in the answer fails this test until it is added here on purpose.
 */
const LIST_KEYS = new Set(["items", "total", "totalExact", "hasNextPage", "page", "pageSize"]);
const PLAYER_KEYS = new Set([
  "username",
  "firstName",
  "lastInitial",
  "age",
  "ageBand",
  "position",
  "secondaryPosition",
  "preferredFoot",
  "heightInCm",
  "weightInKg",
  "currentFitnessStatus",
  "province",
  "town",
  "cover",
  "approvedAt",
  "aboutYourself",
  "fullMatchUrl",
  "editedAt",
  "ageVerified",
  "endorsed",
  "endorsements",
  // How many evaluations scouts and coaches wrote: a count, never their text or authors.
  "evaluationCount",
  "videos",
]);
/** A coach's confirmation: never the coach's name or number. */
const ENDORSEMENT_KEYS = new Set(["role", "club", "team", "since", "confirmedAt"]);
const COVER_KEYS = new Set(["variants"]);
const VARIANT_KEYS = new Set(["url", "width", "height"]);
const VIDEO_KEYS = new Set(["url", "durationSeconds", "renditions", "posters"]);
const RENDITION_KEYS = new Set(["label", "width", "height", "url", "bytes"]);
const POSTER_KEYS = new Set(["format", "width", "height", "url"]);

/** Every key of an answer, with the path it sits at ("items[].cover.variants[].url"). */
function keysOf(value: unknown, at = ""): { path: string; key: string; parent: string }[] {
  if (Array.isArray(value)) return value.flatMap((item) => keysOf(item, `${at}[]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => [
    { path: `${at}.${key}`, key, parent: at },
    ...keysOf(child, `${at}.${key}`),
  ]);
}

function allowedAt(parent: string): Set<string> {
  if (parent === "") return new Set([...LIST_KEYS, ...PLAYER_KEYS]);
  if (parent.endsWith(".items[]")) return PLAYER_KEYS;
  if (parent.endsWith(".cover")) return COVER_KEYS;
  if (parent.endsWith(".variants[]")) return VARIANT_KEYS;
  if (parent.endsWith(".videos[]")) return VIDEO_KEYS;
  if (parent.endsWith(".renditions[]")) return RENDITION_KEYS;
  if (parent.endsWith(".posters[]")) return POSTER_KEYS;
  if (parent.endsWith(".endorsements[]")) return ENDORSEMENT_KEYS;
  return new Set();
}

function expectOnlyPublicKeys(body: unknown) {
  const strays = keysOf(body).filter(({ key, parent }) => !allowedAt(parent).has(key));
  expect(strays.map((s) => s.path)).toEqual([]);
}

/** YYYY-MM-DD of someone who turns `age` `daysAgo` days before `now` (0 = today is the birthday). */
function birthDateFor(age: number, now: Date, daysAgo = 40): string {
  const d = new Date(now.getTime() - daysAgo * DAY);
  return `${d.getUTCFullYear() - age}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

let t: TestApp;
const made: Record<string, Awaited<ReturnType<typeof createProfile>> & { options: ProfileOptions }> = {};

async function make(key: string, options: ProfileOptions) {
  made[key] = { ...(await createProfile(t, options)), options };
  // Each profile's video is an hour newer than the last, so "newest first" has one right answer.
  t.clock.advance(60 * 60 * 1000);
}

const list = async (query = "") => {
  const res = await t.app.inject(`/api/talent/players${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PublicPlayerList;
};
const usernames = (body: PublicPlayerList) => body.items.map((item) => item.username);

beforeAll(async () => {
  t = await createTestApp({ VIDEO_EXPIRY_DAYS: "90" });
  // A fixed morning, so the birthdays below stay on their day while the clock moves on by hours.
  t.clock.now = new Date("2026-03-02T01:00:00Z");
  // Submitted long ago: expired by the time the others exist.
  await make("expired", { firstName: "Esther", lastName: "Tembo", userName: "esther_old", position: "striker" });
  t.clock.advance(91 * DAY);
  const now = t.clock.now;
  await make("mwila", {
    firstName: "Mwila",
    lastName: "Banda",
    userName: "mwila10",
    dateOfBirth: birthDateFor(19, now),
    position: "striker",
    secondaryPosition: "left-winger",
    preferredFoot: "right",
    heightInCm: 178,
    currentFitnessStatus: "excellent",
    twoVideos: true,
    aboutYourself: "Striker at Green Buffaloes academy in Lusaka.",
    province: "lusaka",
    town: "Matero",
    fullMatchUrl: "https://www.youtube.com/watch?v=abc123DEF45",
  });
  await make("chipo", {
    firstName: "Chipo",
    lastName: "Phiri",
    userName: "chipo_gk",
    dateOfBirth: birthDateFor(16, now),
    position: "goalkeeper",
    preferredFoot: "left",
    heightInCm: 190,
    currentFitnessStatus: "good",
    province: "lusaka",
    town: "Chawama",
  });
  await make("joseph", {
    firstName: "Joseph",
    lastName: "Zulu",
    userName: "jzulu",
    dateOfBirth: birthDateFor(24, now),
    position: "central-midfielder",
    secondaryPosition: "striker",
    preferredFoot: "both",
    heightInCm: 170.4,
    currentFitnessStatus: "average",
    province: "copperbelt",
    town: "Kitwe",
  });
  // Turns 18 today: 18 for every age filter from today on.
  await make("natasha", {
    firstName: "Natasha",
    lastName: "Mwanza",
    userName: "tash_mw",
    dateOfBirth: birthDateFor(18, now, 0),
    position: "right-winger",
    preferredFoot: "right",
    heightInCm: 160,
    currentFitnessStatus: "recovering",
  });
  // Turns 21 tomorrow: still 20.
  await make("brian", {
    firstName: "Brian",
    lastName: "Mulenga",
    userName: "b_mulenga",
    dateOfBirth: birthDateFor(21, now, -1),
    position: "center-back",
    preferredFoot: "left",
    heightInCm: 185.6,
    currentFitnessStatus: "injured",
    province: "copperbelt",
    town: "Ndola",
  });
  await make("pending", {
    firstName: "Peter",
    lastName: "Lungu",
    userName: "peter_pending",
    position: "striker",
    status: "pending",
    province: "copperbelt",
  });
  await make("rejected", {
    firstName: "Ruth",
    lastName: "Chanda",
    userName: "ruth_rejected",
    position: "striker",
    status: "rejected",
  });
}, 120_000);
afterAll(() => t?.close());

describe("GET /api/talent/players", () => {
  it("lists approved, unexpired profiles only, newest video first", async () => {
    const body = await list();
    expect(usernames(body)).toEqual(["b_mulenga", "tash_mw", "jzulu", "chipo_gk", "mwila10"]);
    expect(body).toMatchObject({ total: 5, totalExact: true, hasNextPage: false, page: 1, pageSize: 12 });
  });

  it("answers with public fields only, at every depth, and no private value anywhere", async () => {
    const res = await t.app.inject("/api/talent/players?pageSize=48");
    expectOnlyPublicKeys(res.json());
    for (const key of ["mwila", "chipo", "joseph", "natasha", "brian", "pending", "rejected", "expired"]) {
      const player = made[key]!;
      const [row] = await t.database.db.select().from(players).where(eq(players.id, player.id));
      for (const secret of [
        row!.email,
        row!.phoneNumber,
        row!.phoneNumber.slice(1),
        row!.dateOfBirth,
        row!.lastName,
        row!.id,
        player.profileId,
      ]) {
        expect(res.body, `${key}: ${secret}`).not.toContain(secret);
      }
    }
  });

  it("shows the surname as an initial, the age in whole years and the cover as WebP variants", async () => {
    const mwila = (await list("?q=mwila")).items[0]!;
    expect(mwila).toMatchObject({
      username: "mwila10",
      firstName: "Mwila",
      lastInitial: "B",
      age: 19,
      ageBand: null,
      position: "striker",
      secondaryPosition: "left-winger",
      preferredFoot: "right",
      heightInCm: 178,
    });
    expect(mwila.cover.variants).toEqual([
      { url: `${made.mwila!.coverUrl}?w=320`, width: 160, height: 120 },
      { url: `${made.mwila!.coverUrl}?w=640`, width: 160, height: 120 },
      { url: `${made.mwila!.coverUrl}?w=1280`, width: 160, height: 120 },
    ]);
    expect(new Date(mwila.approvedAt!).getTime()).toBeGreaterThan(0);
    const res = await t.app.inject("/api/talent/players");
    expect(res.headers["cache-control"]).toBe("public, max-age=60, s-maxage=60");
  });

  it("shows a player under 18 as 'Under 18', never their age in years", async () => {
    const chipo = (await list("?q=chipo")).items[0]!;
    expect(chipo).toMatchObject({ username: "chipo_gk", age: null, ageBand: "under-18" });
    const page = (await t.app.inject("/api/talent/players/chipo_gk")).json() as PublicPlayer;
    expect(page).toMatchObject({ age: null, ageBand: "under-18" });
    // Turning 18 today: an adult, with her exact age.
    expect((await list("?q=natasha")).items[0]).toMatchObject({ age: 18, ageBand: null });
  });

  it("filters by position, primary or secondary", async () => {
    expect(usernames(await list("?position=striker"))).toEqual(["jzulu", "mwila10"]);
    expect(usernames(await list("?position=left-winger"))).toEqual(["mwila10"]);
    expect(usernames(await list("?position=goalkeeper"))).toEqual(["chipo_gk"]);
    expect((await list("?position=left-back")).total).toBe(0);
  });

  it("filters by preferred foot and fitness, alone and together", async () => {
    expect(usernames(await list("?foot=left"))).toEqual(["b_mulenga", "chipo_gk"]);
    expect(usernames(await list("?foot=both"))).toEqual(["jzulu"]);
    expect(usernames(await list("?fitness=excellent"))).toEqual(["mwila10"]);
    expect(usernames(await list("?fitness=injured&foot=left"))).toEqual(["b_mulenga"]);
    expect(usernames(await list("?position=striker&foot=right"))).toEqual(["mwila10"]);
  });

  it("filters by province, alone and with other filters; a profile that does not say is in no province", async () => {
    expect(usernames(await list("?province=lusaka"))).toEqual(["chipo_gk", "mwila10"]);
    expect(usernames(await list("?province=copperbelt"))).toEqual(["b_mulenga", "jzulu"]);
    expect(usernames(await list("?province=copperbelt&position=striker"))).toEqual(["jzulu"]);
    expect(usernames(await list("?province=lusaka&maxAge=17&foot=left"))).toEqual(["chipo_gk"]);
    expect(await list("?province=western")).toMatchObject({ items: [], total: 0, totalExact: true });
    // Natasha's profile predates the question: listed without a filter, never under a province.
    expect((await list("?q=natasha")).items[0]).toMatchObject({ province: null, town: null });
    expect((await list("?q=jzulu")).items[0]).toMatchObject({ province: "copperbelt", town: "Kitwe" });
  });

  it("filters adults by age in whole years, birthdays included, and players under 18 by their band", async () => {
    expect(usernames(await list("?minAge=18&maxAge=18"))).toEqual(["tash_mw"]);
    expect(usernames(await list("?minAge=20&maxAge=20"))).toEqual(["b_mulenga"]);
    expect(usernames(await list("?maxAge=17"))).toEqual(["chipo_gk"]);
    expect(usernames(await list("?minAge=19"))).toEqual(["b_mulenga", "jzulu", "mwila10"]);
    expect(usernames(await list("?minAge=16&maxAge=19"))).toEqual(["tash_mw", "chipo_gk", "mwila10"]);
    // Chipo is 16, shown as "Under 18": every range reaching below 18 includes her, whatever her age.
    for (const range of ["?minAge=17&maxAge=17", "?minAge=15&maxAge=15", "?maxAge=14", "?minAge=17&maxAge=20"])
      expect(usernames(await list(range)), range).toContain("chipo_gk");
    expect(usernames(await list("?minAge=17&maxAge=20"))).toEqual(["b_mulenga", "tash_mw", "chipo_gk", "mwila10"]);
    const natasha = (await list("?q=natasha")).items[0]!;
    expect(natasha.age).toBe(18);
  });

  it("filters by height in whole centimetres, as shown rounded", async () => {
    expect(usernames(await list("?minHeight=180"))).toEqual(["b_mulenga", "chipo_gk"]);
    expect(usernames(await list("?maxHeight=170"))).toEqual(["tash_mw", "jzulu"]);
    expect(usernames(await list("?minHeight=170&maxHeight=178"))).toEqual(["jzulu", "mwila10"]);
    expect(usernames(await list("?minHeight=186&maxHeight=186"))).toEqual(["b_mulenga"]);
  });

  it("searches the start of the first name, 'first name + initial' and the username, in any case, never the surname", async () => {
    expect(usernames(await list("?q=MWI"))).toEqual(["mwila10"]);
    expect(usernames(await list("?q=mwila%20b"))).toEqual(["mwila10"]);
    expect(usernames(await list("?q=%20%20Mwila%20%20%20B%20"))).toEqual(["mwila10"]);
    expect(usernames(await list("?q=chipo_"))).toEqual(["chipo_gk"]);
    expect(usernames(await list("?q=tash"))).toEqual(["tash_mw"]);
    // The surname is private: searching it must not reveal whose it is.
    expect((await list("?q=banda")).total).toBe(0);
    expect((await list("?q=mwila%20banda")).total).toBe(0);
    // LIKE wildcards are plain characters.
    expect((await list("?q=%25")).total).toBe(0);
    expect((await list("?q=_")).total).toBe(0);
    // Pending, rejected and expired players are not found by name either.
    expect((await list("?q=peter")).total).toBe(0);
    expect((await list("?q=esther")).total).toBe(0);
  });

  it("pages through the list in order, without repeats, with the total on every page", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`?pageSize=2&page=${page}`);
      expect(body).toMatchObject({ total: 5, totalExact: true, hasNextPage: page < 3, page, pageSize: 2 });
      seen.push(...usernames(body));
    }
    expect(seen).toEqual(["b_mulenga", "tash_mw", "jzulu", "chipo_gk", "mwila10"]);
    const beyond = await list("?pageSize=2&page=7");
    expect(beyond).toMatchObject({ items: [], total: 5, page: 7 });
    expect(await list("?position=striker&pageSize=1&page=2")).toMatchObject({
      total: 2,
      items: [{ username: "mwila10" }],
    });
  });

  it("counts up to the cap and then gives a lower bound ('1,000+'), with the next page still known", async () => {
    const capped = createTalentService({
      db: t.app.services.db,
      now: t.app.services.now,
      videoExpiryDays: 90,
      countCap: 3,
    });
    expect(await capped.listPublicPlayers({ page: 1, pageSize: 2 })).toMatchObject({
      total: 3,
      totalExact: false,
      hasNextPage: true,
    });
    // The last page knows the exact total without counting.
    expect(await capped.listPublicPlayers({ page: 3, pageSize: 2 })).toMatchObject({
      total: 5,
      totalExact: true,
      hasNextPage: false,
    });
    // Past the cap while more pages follow: the total is what is known to exist.
    expect(await capped.listPublicPlayers({ page: 2, pageSize: 2 })).toMatchObject({
      total: 5,
      totalExact: false,
      hasNextPage: true,
    });
    // Filters with an "either" part (position: primary or secondary) count each part once.
    expect(await capped.listPublicPlayers({ page: 1, pageSize: 1, position: "striker" })).toMatchObject({
      total: 2,
      totalExact: true,
      hasNextPage: true,
    });
    expect(await capped.listPublicPlayers({ page: 1, pageSize: 1, q: "b" })).toMatchObject({
      total: 1,
      totalExact: true,
    });
  });

  it("follows a player's changed name and birth date (copied onto the profile by the database)", async () => {
    const db = t.app.services.db;
    await db
      .update(players)
      .set({ firstName: "Chisomo", dateOfBirth: birthDateFor(30, t.clock.now) })
      .where(eq(players.id, made.chipo!.id));
    expect(usernames(await list("?q=chisomo"))).toEqual(["chipo_gk"]);
    expect((await list("?q=chipo%20p")).total).toBe(0);
    expect(usernames(await list("?minAge=30"))).toEqual(["chipo_gk"]);
    await db
      .update(players)
      .set({ firstName: "Chipo", dateOfBirth: birthDateFor(16, t.clock.now) })
      .where(eq(players.id, made.chipo!.id));
    expect(usernames(await list("?q=chipo%20p"))).toEqual(["chipo_gk"]);
    expect((await list("?minAge=30")).total).toBe(0);
  });

  it("treats empty parameters (a GET form's unused fields) as no filter, and ignores unknown ones", async () => {
    const body = await list(
      "?position=&foot=&minAge=&maxAge=&minHeight=&maxHeight=&fitness=&q=&page=&utm_source=whatsapp",
    );
    expect(body.total).toBe(5);
  });

  it("refuses bad parameters with 400 and a message per parameter", async () => {
    const cases: [string, string, string][] = [
      ["?position=keeper", "position", TALENT.positionInvalid],
      ["?foot=right-ish", "foot", TALENT.footInvalid],
      ["?fitness=great", "fitness", TALENT.fitnessInvalid],
      ["?province=gauteng", "province", TALENT.provinceInvalid],
      ["?minAge=abc", "minAge", TALENT.ageInvalid(14, 60)],
      ["?minAge=10", "minAge", TALENT.ageInvalid(14, 60)],
      ["?maxAge=18.5", "maxAge", TALENT.ageInvalid(14, 60)],
      ["?minAge=25&maxAge=18", "minAge", TALENT.ageRangeReversed],
      ["?minHeight=90", "minHeight", TALENT.heightInvalid(100, 250)],
      ["?minHeight=200&maxHeight=150", "minHeight", TALENT.heightRangeReversed],
      ["?page=0", "page", TALENT.pageInvalid(1000)],
      ["?page=1001", "page", TALENT.pageInvalid(1000)],
      ["?pageSize=49", "pageSize", TALENT.pageSizeInvalid(48)],
      [`?q=${"a".repeat(101)}`, "q", TALENT.searchTooLong(100)],
      ["?position=striker&position=goalkeeper", "position", TALENT.positionInvalid],
    ];
    for (const [query, field, message] of cases) {
      const res = await t.app.inject(`/api/talent/players${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: REQUEST_FAILED.invalidRequest, errors: { [field]: message } });
    }
  });
});

describe("GET /api/talent/players/:username", () => {
  it("answers one approved player with the public fields, videos and About Me, by username in any case", async () => {
    const res = await t.app.inject("/api/talent/players/MWILA10");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(PUBLIC_TALENT_CACHE_CONTROL);
    const player = res.json() as PublicPlayer;
    expectOnlyPublicKeys(player);
    expect(player).toMatchObject({
      username: "mwila10",
      firstName: "Mwila",
      lastInitial: "B",
      age: 19,
      aboutYourself: "Striker at Green Buffaloes academy in Lusaka.",
      province: "lusaka",
      town: "Matero",
      fullMatchUrl: "https://www.youtube.com/watch?v=abc123DEF45",
    });
    expect((await t.app.inject("/api/talent/players/jzulu")).json()).toMatchObject({ fullMatchUrl: null });
    expect(player.videos.map(({ url, durationSeconds }) => ({ url, durationSeconds }))).toEqual(
      made.mwila!.videoUrls.map((url) => ({ url, durationSeconds: 1 })),
    );
    for (const video of player.videos) {
      expect(video.renditions.map((r) => [r.label, r.url])).toEqual([["144p", `${video.url}/renditions/144p`]]);
      expect(video.posters.map((p) => p.format).sort()).toEqual(["jpeg", "webp"]);
    }
    for (const secret of [made.mwila!.email, made.mwila!.phoneNumber, "Banda", made.mwila!.id, made.mwila!.profileId])
      expect(res.body).not.toContain(secret);
  });

  it("answers 404, the same for each, for unknown, pending, rejected and expired players", async () => {
    for (const username of ["nobody_here", "peter_pending", "ruth_rejected", "esther_old", "%", "x".repeat(90)]) {
      const res = await t.app.inject(`/api/talent/players/${encodeURIComponent(username)}`);
      expect(res.statusCode, username).toBe(404);
      expect(res.json()).toEqual({ message: TALENT.playerNotFound });
    }
    // Longer than any username: refused before any query (Fastify's parameter length limit).
    expect((await t.app.inject(`/api/talent/players/${"x".repeat(150)}`)).statusCode).toBe(414);
  });

  it("serves the listed media to anyone while the profile is public", async () => {
    const player = (await t.app.inject("/api/talent/players/chipo_gk")).json() as PublicPlayer;
    for (const variant of player.cover.variants) {
      const image = await t.app.inject(variant.url);
      expect(image.statusCode, variant.url).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
    }
    const video = await t.app.inject({ url: player.videos[0]!.renditions[0]!.url, headers: { range: "bytes=0-99" } });
    expect(video.statusCode).toBe(206);
    // The player's original is never served to the public.
    expect((await t.app.inject(player.videos[0]!.url)).statusCode).toBe(404);
  });

  it("matches what the web pages receive through the load context", async () => {
    const web = talentForWeb(t.app.services);
    expect(await web.getPlayer("Chipo_GK")).toEqual((await t.app.inject("/api/talent/players/chipo_gk")).json());
    expect(await web.listPlayers({ page: 1, pageSize: 12, foot: "left" })).toEqual(await list("?foot=left"));
    expect(await web.getPlayer("peter_pending")).toBeNull();
  });
});

// After the tests above: it moves the clock on by days.
describe("a player under 18 watched day by day", () => {
  it("is listed by the same age filters every day, up to the 18th birthday", async () => {
    // Turns 17 in two days: the day an exact age or a 16-17 band would change.
    const now = t.clock.now;
    await make("kondwani", {
      firstName: "Kondwani",
      userName: "kondwani_7",
      dateOfBirth: birthDateFor(17, now, -2),
      position: "attacking-midfielder",
    });
    const filters = ["?minAge=16&maxAge=16", "?minAge=17&maxAge=17", "?maxAge=16", "?minAge=17", "?minAge=18"];
    const seen = async () =>
      Promise.all(
        filters.map(async (filter) =>
          usernames(await list(`${filter}&position=attacking-midfielder`)).includes("kondwani_7"),
        ),
      );
    const first = await seen();
    expect(first).toEqual([true, true, true, true, false]);
    for (let day = 1; day <= 4; day++) {
      t.clock.advance(DAY);
      expect(await seen(), `day ${day}`).toEqual(first);
      expect((await list("?q=kondwani")).items[0]).toMatchObject({ age: null, ageBand: "under-18" });
    }
  });
});

describe("expiry", () => {
  it("takes a profile, its page and its media off the public site once its video expires", async () => {
    const late = await createProfile(t, {
      firstName: "Kelvin",
      lastName: "Sakala",
      userName: "kelvin_late",
      position: "left-back",
    });
    expect(usernames(await list("?position=left-back"))).toEqual(["kelvin_late"]);
    expect((await t.app.inject("/api/talent/players/kelvin_late")).statusCode).toBe(200);

    // The five players made earlier expire first; their 90 days end a few hours before Kelvin's.
    t.clock.advance(90 * DAY - 60 * 1000);
    expect(usernames(await list())).toEqual(["kelvin_late"]);
    t.clock.advance(2 * 60 * 1000);
    expect(await list()).toMatchObject({ items: [], total: 0 });
    expect((await t.app.inject("/api/talent/players/kelvin_late")).statusCode).toBe(404);
    expect((await t.app.inject(`${late.coverUrl}?w=320`)).statusCode).toBe(404);
  });
});
