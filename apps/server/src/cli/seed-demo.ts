import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { FitnessLevel, Position, PreferredFoot, Province } from "@touchline/contract/enums";
import { createReviewService } from "../admin/review-service.ts";
import { buildApp, type App } from "../app.ts";
import { hashPassword } from "../auth/passwords.ts";
import { createAgeCheckStore } from "../ages/age-check-store.ts";
import { createEndorsementStore } from "../coaches/endorsement-store.ts";
import { COACH_ROLE_VALUES } from "@touchline/contract/coach-roles";
import { lusakaYearMonth } from "@touchline/contract/coaches";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { needsGuardianConsent } from "@touchline/contract/guardian";
import { loadConfig } from "../config.ts";
import { DatabaseInUseError } from "../db/embedded-lock.ts";
import { removeMediaObjects } from "../media/finish-upload.ts";
import { createMediaStore } from "../media/media-store.ts";
import { copyRenditions, makeRenditions } from "../media/video-renditions-job.ts";
import { runThroughHolder, type CommandOutput } from "../ops/control-socket.ts";
import { UsageError } from "./create-staff.ts";
import { createProfileService } from "../players/profile-service.ts";
import { demoCoverJpeg } from "../talent/demo-cover.ts";
import { importMedia } from "../talent/import-media.ts";

/** Demo accounts are recognised by this e-mail domain (.invalid never receives mail). */
export const DEMO_EMAIL_DOMAIN = "demo.touchline.invalid";
/** Every demo player can log in with its phone number and this password, to see the player area. */
export const DEMO_PASSWORD = "Demo@2026pass";
/** Demo phone numbers: +260 97 900 00NN, a block no test or real account here uses. */
const demoPhone = (n: number) => `+26097900${String(n).padStart(4, "0")}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The towns of the demo players and their provinces: every province has a player or more. */
const DEMO_TOWNS = {
  Lusaka: "lusaka",
  Kitwe: "copperbelt",
  Ndola: "copperbelt",
  Mufulira: "copperbelt",
  Chingola: "copperbelt",
  Luanshya: "copperbelt",
  Kabwe: "central",
  Livingstone: "southern",
  Chipata: "eastern",
  Kasama: "northern",
  Solwezi: "north-western",
  Mansa: "luapula",
  Mongu: "western",
  Chinsali: "muchinga",
} as const satisfies Record<string, Province>;
type DemoTown = keyof typeof DEMO_TOWNS;

/** Invented coaches for the demo confirmations; their names are never public, like real ones. */
const DEMO_COACH_NAMES = ["Daniel Mumba", "Grace Lungu", "Peter Sakala", "Ruth Chanda", "Moses Kapata"];
/** A made-up club of the town (no real club is named as vouching for a made-up player). */
const demoClub = (town: DemoTown) => `${town} Rising Stars FC`;

interface DemoPlayer {
  first: string;
  last: string;
  age: number;
  position: Position;
  secondary: Position | null;
  foot: PreferredFoot;
  height: number;
  weight: number;
  fitness: FitnessLevel;
  about: string;
  /** The town the player plays in; the province comes from DEMO_TOWNS. */
  town: DemoTown;
  /** A link to a full match, for a few of them (made up: it opens no real video). */
  fullMatch?: string;
  /** Left pending, for the review queue; the others are approved. */
  pending?: boolean;
}

/**
 * Made-up players with common Zambian names, from clubs and academies in every province,
 * most of them in Lusaka and on the Copperbelt.
 * Any likeness to a real player is chance; covers are drawn shirts, not photographs.
 */
export const DEMO_PLAYERS: DemoPlayer[] = [
  {
    first: "Mwila",
    last: "Banda",
    age: 19,
    position: "striker",
    secondary: "left-winger",
    foot: "right",
    height: 178,
    weight: 70,
    fitness: "excellent",
    about:
      "Striker from Matero, Lusaka. Top scorer of the Green Buffaloes under-20s last season; strong in the air and quick on the turn.",
    town: "Lusaka",
    fullMatch: "https://www.youtube.com/watch?v=TLdemo00001",
  },
  {
    first: "Chipo",
    last: "Phiri",
    age: 16,
    position: "goalkeeper",
    secondary: null,
    foot: "left",
    height: 186,
    weight: 74,
    fitness: "good",
    about:
      "Goalkeeper at the Red Arrows academy in Lusaka. Good with my feet, commanding on crosses. Looking for a club with a youth team.",
    town: "Lusaka",
  },
  {
    first: "Joseph",
    last: "Zulu",
    age: 24,
    position: "central-midfielder",
    secondary: "defensive-midfielder",
    foot: "both",
    height: 174,
    weight: 68,
    fitness: "good",
    about:
      "Box-to-box midfielder from Kitwe, played two seasons in the Division One North for a Kitwe side. Can play with both feet.",
    town: "Kitwe",
    fullMatch: "https://fb.watch/tldemo02/",
  },
  {
    first: "Natasha",
    last: "Mwanza",
    age: 18,
    position: "right-winger",
    secondary: "attacking-midfielder",
    foot: "right",
    height: 162,
    weight: 55,
    fitness: "excellent",
    about: "Winger in the women's league with a Lusaka club. Fast, direct, and I love to cross early.",
    town: "Lusaka",
  },
  {
    first: "Brian",
    last: "Mulenga",
    age: 21,
    position: "center-back",
    secondary: "right-back",
    foot: "left",
    height: 188,
    weight: 80,
    fitness: "recovering",
    about: "Left-footed centre-back from Ndola. Back in training after an ankle injury; fully fit by next month.",
    town: "Ndola",
  },
  {
    first: "Mutale",
    last: "Tembo",
    age: 17,
    position: "attacking-midfielder",
    secondary: "striker",
    foot: "right",
    height: 170,
    weight: 62,
    fitness: "excellent",
    about: "Number 10 at a community academy in Chawama, Lusaka. I like to play between the lines and take free kicks.",
    town: "Lusaka",
  },
  {
    first: "Bwalya",
    last: "Chanda",
    age: 20,
    position: "left-back",
    secondary: "left-winger",
    foot: "left",
    height: 172,
    weight: 66,
    fitness: "good",
    about: "Attacking left-back from Kitwe. Trained with Nkana juniors; good stamina and crossing.",
    town: "Kitwe",
  },
  {
    first: "Kelvin",
    last: "Lungu",
    age: 23,
    position: "defensive-midfielder",
    secondary: "center-back",
    foot: "right",
    height: 181,
    weight: 75,
    fitness: "average",
    about: "Holding midfielder from Ndola, captain of my amateur side. Reads the game well and wins the ball back.",
    town: "Ndola",
  },
  {
    first: "Grace",
    last: "Sakala",
    age: 19,
    position: "striker",
    secondary: null,
    foot: "right",
    height: 165,
    weight: 58,
    fitness: "good",
    about: "Forward from Lusaka, playing in the national women's league. Two hat-tricks this season.",
    town: "Lusaka",
    fullMatch: "https://drive.google.com/file/d/touchline-demo-match-3/view",
  },
  {
    first: "Lweendo",
    last: "Mumba",
    age: 15,
    position: "right-back",
    secondary: "right-winger",
    foot: "right",
    height: 166,
    weight: 54,
    fitness: "excellent",
    about: "Right-back at a school team in Kabwata, Lusaka. Quick recovery runs; want to join an academy.",
    town: "Lusaka",
  },
  {
    first: "Musonda",
    last: "Bwalya",
    age: 26,
    position: "goalkeeper",
    secondary: null,
    foot: "right",
    height: 191,
    weight: 85,
    fitness: "good",
    about:
      "Experienced goalkeeper from Mufulira, played for clubs on the Copperbelt. Good shot-stopper, organises the defence.",
    town: "Mufulira",
  },
  {
    first: "Patson",
    last: "Daka",
    age: 22,
    position: "left-winger",
    secondary: "striker",
    foot: "left",
    height: 175,
    weight: 67,
    fitness: "excellent",
    about: "Left winger from Chingola who likes to cut inside. Played in the Copperbelt Division One.",
    town: "Chingola",
  },
  {
    first: "Enock",
    last: "Sikazwe",
    age: 18,
    position: "center-back",
    secondary: "defensive-midfielder",
    foot: "right",
    height: 185,
    weight: 77,
    fitness: "good",
    about: "Centre-back from Ndola, strong in duels and calm on the ball. Trained with a Forest Rangers youth side.",
    town: "Ndola",
  },
  {
    first: "Racheal",
    last: "Chilufya",
    age: 20,
    position: "central-midfielder",
    secondary: "attacking-midfielder",
    foot: "both",
    height: 160,
    weight: 54,
    fitness: "good",
    about: "Midfielder from Kitwe; I pass and move and never stop running.",
    town: "Kitwe",
  },
  {
    first: "Kondwani",
    last: "Kangwa",
    age: 16,
    position: "striker",
    secondary: "right-winger",
    foot: "right",
    height: 171,
    weight: 60,
    fitness: "excellent",
    about: "Young striker from Garneton, Kitwe. Scored 18 goals in the inter-school league.",
    town: "Kitwe",
    fullMatch: "https://youtu.be/TLdemo00004",
  },
  {
    first: "Lushomo",
    last: "Musonda",
    age: 25,
    position: "right-back",
    secondary: "center-back",
    foot: "right",
    height: 178,
    weight: 73,
    fitness: "average",
    about: "Defender from Livingstone with five seasons of amateur football. Available for trials.",
    town: "Livingstone",
  },
  {
    first: "Chisha",
    last: "Mwape",
    age: 19,
    position: "defensive-midfielder",
    secondary: "central-midfielder",
    foot: "left",
    height: 176,
    weight: 69,
    fitness: "good",
    about: "Left-footed six from Ndola. I like long diagonal passes.",
    town: "Ndola",
  },
  {
    first: "Kabaso",
    last: "Nkhata",
    age: 28,
    position: "center-back",
    secondary: null,
    foot: "right",
    height: 190,
    weight: 84,
    fitness: "good",
    about: "Centre-back from Kabwe, former captain of a Division Two side. Leader at the back.",
    town: "Kabwe",
  },
  {
    first: "Emmanuel",
    last: "Simbeye",
    age: 17,
    position: "left-winger",
    secondary: "left-back",
    foot: "left",
    height: 168,
    weight: 59,
    fitness: "excellent",
    about: "Quick winger from Mtendere, Lusaka. I love one-on-ones.",
    town: "Lusaka",
  },
  {
    first: "Misozi",
    last: "Kapumba",
    age: 21,
    position: "goalkeeper",
    secondary: null,
    foot: "right",
    height: 176,
    weight: 64,
    fitness: "good",
    about: "Goalkeeper in the women's league from Kitwe. Quick off my line.",
    town: "Kitwe",
  },
  {
    first: "Augustine",
    last: "Mulenga",
    age: 24,
    position: "striker",
    secondary: "attacking-midfielder",
    foot: "left",
    height: 183,
    weight: 78,
    fitness: "injured",
    about: "Target man from Ndola, currently out with a hamstring strain. Strong hold-up play.",
    town: "Ndola",
  },
  {
    first: "Temwani",
    last: "Phiri",
    age: 15,
    position: "central-midfielder",
    secondary: null,
    foot: "right",
    height: 158,
    weight: 48,
    fitness: "excellent",
    about: "Midfielder at an academy in Kalingalinga, Lusaka. Good vision, learning every day.",
    town: "Lusaka",
  },
  {
    first: "Felix",
    last: "Chanda",
    age: 27,
    position: "attacking-midfielder",
    secondary: "right-winger",
    foot: "right",
    height: 172,
    weight: 68,
    fitness: "good",
    about: "Creative midfielder from Luanshya with plenty of assists in the Copperbelt leagues.",
    town: "Luanshya",
  },
  {
    first: "Barbra",
    last: "Banda",
    age: 22,
    position: "center-back",
    secondary: "left-back",
    foot: "left",
    height: 170,
    weight: 63,
    fitness: "good",
    about: "Defender from Solwezi in the national women's league. Strong tackler.",
    town: "Solwezi",
  },
  {
    first: "Lubambo",
    last: "Musonda",
    age: 18,
    position: "right-winger",
    secondary: "left-winger",
    foot: "both",
    height: 169,
    weight: 61,
    fitness: "recovering",
    about: "Two-footed winger from Mongu, back from a knee knock and training again.",
    town: "Mongu",
  },
  {
    first: "Rhoda",
    last: "Tembo",
    age: 16,
    position: "striker",
    secondary: null,
    foot: "right",
    height: 163,
    weight: 52,
    fitness: "excellent",
    about: "Striker at a girls' academy in Ndola. Scored in the provincial final.",
    town: "Ndola",
  },
  {
    first: "Kennedy",
    last: "Zulu",
    age: 20,
    position: "left-back",
    secondary: null,
    foot: "left",
    height: 174,
    weight: 67,
    fitness: "average",
    about: "Left-back from Chelston, Lusaka; steady defender who overlaps well.",
    town: "Lusaka",
  },
  {
    first: "Chanda",
    last: "Mumba",
    age: 23,
    position: "right-back",
    secondary: "defensive-midfielder",
    foot: "right",
    height: 177,
    weight: 71,
    fitness: "good",
    about: "Full-back from Mansa who can also play in midfield. Good engine.",
    town: "Mansa",
  },
  {
    first: "Mirriam",
    last: "Lungu",
    age: 19,
    position: "attacking-midfielder",
    secondary: "striker",
    foot: "left",
    height: 161,
    weight: 53,
    fitness: "good",
    about: "Playmaker from Ndola. I love through balls.",
    town: "Ndola",
  },
  {
    first: "Ephraim",
    last: "Daka",
    age: 25,
    position: "defensive-midfielder",
    secondary: null,
    foot: "right",
    height: 180,
    weight: 76,
    fitness: "good",
    about: "Midfield destroyer from Chipata; tough in the tackle, simple passes.",
    town: "Chipata",
  },
  {
    first: "Nelson",
    last: "Kangwa",
    age: 17,
    position: "goalkeeper",
    secondary: null,
    foot: "right",
    height: 183,
    weight: 70,
    fitness: "excellent",
    about: "Youth goalkeeper from Chinsali; quick reflexes and a long kick.",
    town: "Chinsali",
  },
  {
    first: "Precious",
    last: "Sakala",
    age: 21,
    position: "left-winger",
    secondary: "right-winger",
    foot: "both",
    height: 164,
    weight: 56,
    fitness: "good",
    about: "Winger from Kasama, two-footed and hard to mark.",
    town: "Kasama",
  },
  {
    first: "Gift",
    last: "Chilufya",
    age: 18,
    position: "striker",
    secondary: "left-winger",
    foot: "right",
    height: 175,
    weight: 66,
    fitness: "good",
    about: "Striker from Chingola; submitted for review.",
    town: "Chingola",
    pending: true,
  },
  {
    first: "Memory",
    last: "Mwape",
    age: 20,
    position: "central-midfielder",
    secondary: null,
    foot: "left",
    height: 162,
    weight: 55,
    fitness: "average",
    about: "Midfielder from Lusaka; submitted for review.",
    town: "Lusaka",
    pending: true,
  },
  {
    first: "Isaac",
    last: "Nkhata",
    age: 16,
    position: "center-back",
    secondary: null,
    foot: "right",
    height: 182,
    weight: 72,
    fitness: "excellent",
    about: "Centre-back from Kitwe; submitted for review.",
    town: "Kitwe",
    pending: true,
  },
];

export interface SeedOptions {
  /** How many demo players to seed: the first ones of DEMO_PLAYERS (the pending ones come last). */
  players?: number;
}

export interface SeedResult {
  removed: number;
  approved: number;
  pending: number;
  usernames: string[];
}

/** demo usernames: first name + surname initial + running number ("mwilab1"). */
const usernameOf = (player: DemoPlayer, index: number) => `${player.first}${player.last[0]}${index + 1}`.toLowerCase();

/** A birth date `age` years and some months before now, so ages spread across the year. */
function birthDate(age: number, index: number, now: Date): string {
  const date = new Date(now.getTime() - (age * 365.25 + 30 + ((index * 37) % 300)) * DAY_MS);
  return date.toISOString().slice(0, 10);
}

/**
 * The sample videos in src/media/fixtures: beside this module when run from the sources, and
 * from the bundles (dist/main.js, which seeds for the command through the control socket, and
 * dist/scripts/seed-demo.js) in the repository they are shipped with.
 */
function demoVideoFolder(): string {
  const candidates = ["../media/fixtures", "../src/media/fixtures", "../../src/media/fixtures"].map((relative) =>
    path.resolve(import.meta.dirname, relative),
  );
  return candidates.find((folder) => fs.existsSync(path.join(folder, "short.mp4"))) ?? candidates[0]!;
}

/** Removes every demo account (recognised by its e-mail domain) with its profile and stored files. */
async function removeDemoPlayers(app: App): Promise<number> {
  const { db, storage } = app.services;
  const accounts = createPlayerStore(db, app.services.now);
  const ids = await accounts.idsAtEmailDomain(DEMO_EMAIL_DOMAIN);
  if (ids.length === 0) return 0;
  for (const fileId of await createMediaStore(db).idsOwnedByAny(ids)) await removeMediaObjects(storage, fileId);
  // Profiles, media rows, sessions and contact requests about them go with the account.
  await accounts.deleteMany(ids);
  return ids.length;
}

/**
 * Fills the database with demo players: accounts, covers and videos stored through the upload
 * pipeline, profiles submitted through the profile service and approved through the review
 * service, as if a reviewer had done it. Re-running replaces the previous demo players (and only
 * them), with fresh dates.
 */
export async function seedDemo(app: App, options: SeedOptions = {}): Promise<SeedResult> {
  const { db, config } = app.services;
  const seeding = DEMO_PLAYERS.slice(0, options.players ?? DEMO_PLAYERS.length);
  const removed = await removeDemoPlayers(app);

  const start = new Date();
  // Videos uploaded over the last weeks (never past the expiry period), newest for the first player.
  const span = Math.max(1, Math.min(30, config.VIDEO_EXPIRY_DAYS - 1)) * DAY_MS;
  const fixtures = demoVideoFolder();
  const video = fs.readFileSync(path.join(fixtures, "short.mp4"));
  const videoTwo = fs.readFileSync(path.join(fixtures, "faststart.mp4"));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const prepared = new Map<string, string>();
  const prepareDemoVideo = async (sample: string, fileId: string) => {
    const run = { runId: randomUUID(), log: app.services.log };
    const source = prepared.get(sample);
    if (source) return copyRenditions(app.services, source, fileId, run);
    await makeRenditions(app.services, fileId, run);
    prepared.set(sample, fileId);
  };
  const result: SeedResult = { removed, approved: 0, pending: 0, usernames: [] };

  for (const [index, demo] of seeding.entries()) {
    const at = new Date(start.getTime() - (span * index) / seeding.length);
    const now = () => at;
    const username = usernameOf(demo, index);
    const account = await createPlayerStore(db, now).insert({
      firstName: demo.first,
      lastName: demo.last,
      userName: username,
      dateOfBirth: birthDate(demo.age, index, start),
      email: `${username}@${DEMO_EMAIL_DOMAIN}`,
      phoneNumber: demoPhone(index + 1),
      passwordHash,
      role: "player",
      phoneVerifiedAt: at,
    });
    // A demo minor's invented guardian has agreed, so the demo list shows every age.
    if (needsGuardianConsent(account.dateOfBirth, start))
      await createGuardianStore(db, now).recordGivenWithoutSms(
        account.id,
        `Parent of ${demo.first}`,
        demoPhone(500 + index),
      );

    const mediaDeps = app.services;
    const initials = `${demo.first[0]}${demo.last[0]}`;
    const cover = await importMedia(
      mediaDeps,
      account.id,
      "image",
      await demoCoverJpeg({ initials, number: ((index * 7) % 23) + 1, kit: index }),
    );
    // Prepared right below, so no job is queued: a server seeding would start one at once.
    const own = { queuePreparation: false };
    const first = await importMedia(mediaDeps, account.id, "video", video, own);
    const second = index % 3 === 0 ? await importMedia(mediaDeps, account.id, "video", videoTwo, own) : null;
    // Real renditions and posters, made now (not left to the job queue): the demo players are
    // public as soon as the command ends, as their approval says. Each sample is transcoded once;
    // the other players' copies get its renditions copied.
    await prepareDemoVideo("short", first.fileId);
    if (second) await prepareDemoVideo("faststart", second.fileId);

    const profile = await createProfileService({ db, now, videoExpiryDays: config.VIDEO_EXPIRY_DAYS }).submit(
      account.id,
      {
        coverPhotoPath: cover.url,
        videoPath: first.url,
        videoPathTwo: second?.url ?? null,
        position: demo.position,
        secondaryPosition: demo.secondary,
        preferredFoot: demo.foot,
        heightInCm: demo.height,
        weightInKg: demo.weight,
        currentFitnessStatus: demo.fitness,
        aboutYourself: demo.about,
        province: DEMO_TOWNS[demo.town],
        town: demo.town,
        fullMatchUrl: demo.fullMatch ?? null,
      },
    );
    if (demo.pending) {
      result.pending += 1;
    } else {
      const reviewedAt = new Date(at.getTime() + 60 * 60 * 1000);
      await createReviewService({
        db,
        now: () => (reviewedAt > start ? start : reviewedAt),
        videoExpiryDays: config.VIDEO_EXPIRY_DAYS,
      }).approve(profile.scout.scoutsInformationId, {
        id: null,
        username: "seed-demo",
      });
      result.approved += 1;
      // Some demo players show "Age verified" (a made-up check: no document exists).
      if (index % 3 === 1)
        await createAgeCheckStore(db).recordVerifiedWithoutDocument(
          account.id,
          needsGuardianConsent(account.dateOfBirth, start) ? "birth-certificate" : "nrc",
          reviewedAt > start ? start : reviewedAt,
        );
      // Some show "Coach confirmed" (a made-up coach: no SMS is sent, no number is given).
      if (index % 4 === 0) {
        const confirmedAt = reviewedAt > start ? start : reviewedAt;
        const [year, month] = lusakaYearMonth(confirmedAt).split("-").map(Number) as [number, number];
        await createEndorsementStore(db).recordConfirmedWithoutSms({
          playerId: account.id,
          coachName: DEMO_COACH_NAMES[(index / 4) % DEMO_COACH_NAMES.length]!,
          role: COACH_ROLE_VALUES[(index / 4) % COACH_ROLE_VALUES.length]!,
          club: demoClub(demo.town),
          team: needsGuardianConsent(account.dateOfBirth, start) ? "U17" : "First team",
          since: `${year - 1 - (index % 3)}-${String(((index + month) % 12) + 1).padStart(2, "0")}`,
          at: confirmedAt,
        });
      }
    }
    result.usernames.push(username);
  }
  return result;
}

export const SEED_DEMO_USAGE = `Usage: npm run seed-demo [-- --players <n>]

Replaces the demo players (accounts ending @${DEMO_EMAIL_DOMAIN}) with a fresh set: approved
profiles with covers and videos, and a few pending ones. --players <n> seeds only the first n
of the ${DEMO_PLAYERS.length} players (the pending ones come last), which takes a fraction of the time.
Uses the server's configuration (DATA_DIR or DATABASE_URL, STORAGE). While a server runs on the
embedded database of DATA_DIR, that server is asked to do it (with its own configuration).`;

/** The command's options; a UsageError for anything else. */
export function parseSeedDemoArgs(argv: string[]): SeedOptions {
  let players: string | undefined;
  try {
    ({
      values: { players },
    } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { players: { type: "string" } } }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (players === undefined) return {};
  const count = Number(players);
  if (!/^\d+$/.test(players) || count < 1 || count > DEMO_PLAYERS.length)
    throw new UsageError(`--players "${players}": give a whole number from 1 to ${DEMO_PLAYERS.length}.`);
  return { players: count };
}

const PRODUCTION_REFUSAL =
  "seed-demo: refused because NODE_ENV=production. Demo players are for trying the product locally, never for a live site.";

/**
 * Seeds through app and prints the result: what `npm run seed-demo` does once it has the
 * database, on its own or, through the control socket, inside the server that owns it.
 * Bad arguments print the usage and return 2.
 */
export async function runSeedDemoIn(app: App, argv: string[], output: CommandOutput): Promise<number> {
  if (app.services.config.isProduction) {
    output.err(PRODUCTION_REFUSAL);
    return 1;
  }
  const options = readArgs(argv, output);
  if (!options) return 2;
  try {
    const result = await seedDemo(app, options);
    output.out(
      `Demo data ready: ${result.approved} approved and ${result.pending} pending players` +
        (result.removed > 0 ? ` (replacing ${result.removed} from an earlier run)` : "") +
        `.\nBrowse them at /players, for example /players/${result.usernames[0]}.\n` +
        `Each can log in with phone ${demoPhone(1).replace("+260", "0")} … ${demoPhone(result.usernames.length).replace("+260", "0")} and password ${DEMO_PASSWORD}.`,
    );
    return 0;
  } catch (error) {
    output.err(`seed-demo: ${(error as Error).message}`);
    return 1;
  }
}

/**
 * `npm run seed-demo`: never in production; same DATA_DIR / DATABASE_URL (and storage) as the
 * server. While a server owns the embedded database, that server is asked to seed.
 */
export async function runSeedDemo(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out = console.log,
  err = console.error,
): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    out(SEED_DEMO_USAGE);
    return 0;
  }
  if (env.NODE_ENV === "production") {
    err(PRODUCTION_REFUSAL);
    return 1;
  }
  // Bad arguments are told before the database is opened (or a server asked).
  if (!readArgs(argv, { out, err })) return 2;
  let app: App | undefined;
  try {
    const config = loadConfig({ ...env, MEDIA_SWEEP_MINUTES: "0" });
    try {
      // Jobs its data needs wait for the server (which works them), not for this short-lived command.
      app = await buildApp(config, { web: false, workJobs: false, lockOwner: { kind: "seed-demo" } });
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error;
      return await runThroughHolder(error, { command: "seed-demo", argv }, { out, err });
    }
    return await runSeedDemoIn(app, argv, { out, err });
  } catch (error) {
    err(`seed-demo: ${(error as Error).message}`);
    return 1;
  } finally {
    await app?.close();
  }
}

/** The options of argv, or undefined once the mistake and the usage are printed. */
function readArgs(argv: string[], output: CommandOutput): SeedOptions | undefined {
  try {
    return parseSeedDemoArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`seed-demo: ${error.message}\n\n${SEED_DEMO_USAGE}`);
    return undefined;
  }
}
