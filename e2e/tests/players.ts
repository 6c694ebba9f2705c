import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { baseURL } from "../playwright.config.ts";
import { dataDir, guardianConsentLink, latestCode, PLAYER_PASSWORD as PASSWORD } from "./support.ts";

export { expectAccessible, expectNoHorizontalScroll, findOpenContactMessage } from "./support.ts";

/**
 * Approved players made through the real APIs (registration, SMS code, tus uploads, submission,
 * approval by the e2e reviewer), for the journeys that need someone on the public list.
 */
const FIXTURES = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures");

export interface ApprovedPlayer {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
  /** The number of the parent who agreed to the profile (the player is 16). */
  guardianPhone: string;
}

/**
 * The longest wait for a player's videos to be prepared, added to the journey's own time: a job of
 * a few seconds here, but the server prepares one video at a time, and another journey's long
 * clip (or, in CI, the unit tests' encodes beside the journeys) may be ahead of it.
 */
export const VIDEO_WAIT_MS = 150_000;

/** Letters only, so the name passes for a first name and is unique to this run. */
const randomLetters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

/** Uploads a file with the tus protocol, as tus-js-client does, and returns its media URL. */
async function upload(api: APIRequestContext, file: string, kind: "image" | "video"): Promise<string> {
  const bytes = fs.readFileSync(path.resolve(FIXTURES, file));
  const created = await api.post("/api/uploads", {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `kind ${Buffer.from(kind).toString("base64")}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = new URL(created.headers().location!, baseURL).pathname;
  const sent = await api.patch(location, {
    headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: bytes,
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { url: string }).url;
}

/** A player who registered, uploaded, submitted, and whom the reviewer approved. */
export async function approvedPlayer(
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  details: {
    position: string;
    foot: string;
    height: number;
    firstName?: string;
    /** Where the player plays and their full match: left out unless given, as the companion app does. */
    province?: string;
    town?: string;
    fullMatchUrl?: string;
    /** The highlight video's path (default: a tiny fixture); a real clip takes longer to prepare. */
    video?: string;
    /** A second video in the profile (the same fixture). */
    secondVideo?: boolean;
    /** A video uploaded and never submitted, as a player who changed their mind leaves one. */
    strayUpload?: boolean;
    /** false: the parent is asked and has not answered when the profile is approved. */
    guardianAgrees?: boolean;
    /** Fitness at submission (default: excellent). */
    fitness?: string;
    aboutYourself?: string;
  },
): Promise<ApprovedPlayer> {
  const api = await playwright.request.newContext({ baseURL });
  const firstName = details.firstName ?? `Kasonde${randomLetters(5)}`;
  const lastName = "Chisenga";
  const username = `tal${Date.now().toString(36)}${randomLetters(3)}`;
  const phoneNumber = `+26097${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const email = `${username}@example.zm`;
  // Sixteen: a player under 18, whose age the public sees only as "Under 18".
  const today = new Date();
  const dateOfBirth = `${today.getUTCFullYear() - 16}-03-09`;
  const guardianPhone = `+26095${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const registered = await api.post("/api/Authorization/registerScoutWithOtp", {
    data: {
      firstName,
      lastName,
      userName: username,
      dateOfBirth,
      email,
      phoneNumber,
      password: PASSWORD,
      guardianName: "Mary Chisenga",
      guardianPhone,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const verified = await api.post("/api/Authorization/verifyGeneralOtp", {
    data: { phoneNumber, otp: Number(await latestCode(phoneNumber)), email },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  // The parent agrees with the code texted to them, as the consent page does.
  const token = new URL(await guardianConsentLink(guardianPhone)).hash.replace("#consent=", "");
  if (details.guardianAgrees !== false) {
    const codeSent = await api.post("/api/guardian-consent/code", { data: { token } });
    expect(codeSent.ok(), await codeSent.text()).toBe(true);
    const agreed = await api.post("/api/guardian-consent/agree", {
      data: { token, otp: await latestCode(guardianPhone) },
    });
    expect(agreed.ok(), await agreed.text()).toBe(true);
  }
  const login = await api.post("/api/Authorization/loginScout", {
    data: { phoneNumber, password: PASSWORD, rememberMe: false },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { scoutId: playerId } = (await login.json()) as { scoutId: string };

  if (details.strayUpload) await upload(api, "short.mp4", "video");
  const submitted = await api.post("/api/Scouts/ScoutManagement/CreateNewScout", {
    data: {
      scoutId: playerId,
      coverPhotoPath: await upload(api, "gps.jpg", "image"),
      videoPath: await upload(api, details.video ?? "short.mp4", "video"),
      videoPathTwo: details.secondVideo ? await upload(api, "short.mp4", "video") : null,
      position: details.position,
      secondaryPosition: null,
      preferredFoot: details.foot,
      heightInCm: details.height,
      weightInKg: 64,
      currentFitnessStatus: details.fitness ?? "excellent",
      aboutYourself: details.aboutYourself ?? "Winger from Kalulushi who trains with a Kitwe academy.",
      province: details.province,
      town: details.town,
      fullMatchUrl: details.fullMatchUrl,
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const profileId = ((await submitted.json()) as { scout: { scoutsInformationId: string } }).scout.scoutsInformationId;
  // A profile is public once its video's renditions are made.
  test.info().setTimeout(test.info().timeout + VIDEO_WAIT_MS);
  await expect
    .poll(
      async () => {
        const own = await api.get(`/api/Scouts/ScoutManagement/GetScoutById/${playerId}`);
        const { videos } = (await own.json()) as { videos?: { status: string }[] };
        return videos?.every((video) => video.status === "ready") ?? false;
      },
      { timeout: VIDEO_WAIT_MS },
    )
    .toBe(true);
  await api.dispose();

  const staff = await playwright.request.newContext({ baseURL });
  const staffLogin = await staff.post("/api/Authorization/loginScout", {
    data: { phoneNumber: E2E_REVIEWER.phoneNumber, password: E2E_REVIEWER.password, rememberMe: false },
  });
  expect(staffLogin.ok(), await staffLogin.text()).toBe(true);
  const approved = await staff.post(`/api/admin/reviews/${profileId}/approve`);
  expect(approved.ok(), await approved.text()).toBe(true);
  await staff.dispose();
  return { username, firstName, lastName, email, phoneNumber, dateOfBirth, guardianPhone };
}

/** Whether the process that wrote a lock file is still running. */
function lockHolderAlive(lock: string): boolean {
  try {
    process.kill(Number(fs.readFileSync(lock, "utf8")), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One approved player for the whole run, for journeys that look at an approved player's pages
 * and change nothing of the profile (they may log in, send a request, go offline): registering,
 * uploading and preparing a video for each of them was most of their time. The first worker to
 * ask makes the player; the others wait for it. A journey that needs a profile of its own, or
 * changes it, uses approvedPlayer().
 */
export async function sharedApprovedPlayer(playwright: Parameters<typeof approvedPlayer>[0]): Promise<ApprovedPlayer> {
  const file = path.join(dataDir(), "shared-approved-player.json");
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as ApprovedPlayer;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
    } catch {
      // Another worker is making the player: wait for it (or for its end, should it fail).
      test.info().setTimeout(test.info().timeout + VIDEO_WAIT_MS);
      await expect
        .poll(() => fs.existsSync(file) || !lockHolderAlive(lock), { timeout: VIDEO_WAIT_MS + 60_000 })
        .toBe(true);
      if (!fs.existsSync(file)) fs.rmSync(lock, { force: true });
      continue;
    }
    try {
      const player = await approvedPlayer(playwright, { position: "striker", foot: "right", height: 176 });
      fs.writeFileSync(`${file}.part`, JSON.stringify(player));
      fs.renameSync(`${file}.part`, file);
      return player;
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}
