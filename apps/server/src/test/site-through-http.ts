import { createHash } from "node:crypto";
import { latestCode, registrationBody } from "./auth-helpers.ts";
import type { TestApp } from "./test-app.ts";
import { largeMp4, uploadBytes, uploadFixture } from "./upload-client.ts";

/**
 * A site built the way players build it, over HTTP, against a server in another process: for
 * tests that compare what a server answers before and after its data moved (backup, restore,
 * move to PostgreSQL).
 */

export interface Server {
  url: string;
  /** Where the server's SMS outbox is (DATA_DIR). */
  dataDir: string;
}

const post = (server: Server, path: string, body: object, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const sha256 = (bytes: ArrayBuffer | Buffer) =>
  createHash("sha256")
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest("hex");

export interface Account {
  phoneNumber: string;
  password: string;
}

/** Registers and confirms an account; resolves once the server acknowledged the confirmation. */
export async function confirmedAccount(server: Server): Promise<Account> {
  const body = registrationBody();
  const registered = await post(server, "/api/Authorization/registerScoutWithOtp", body);
  if (registered.status !== 201) throw new Error(`registration: ${registered.status} ${await registered.text()}`);
  const e164 = `+260${body.phoneNumber.replace(/^\+?260|^0/, "")}`;
  const code = latestCode({ dataDir: server.dataDir } as TestApp, e164);
  const verified = await post(server, "/api/Authorization/verifyGeneralOtp", {
    phoneNumber: body.phoneNumber,
    otp: Number(code),
    email: body.email,
  });
  if (verified.status !== 200) throw new Error(`verification: ${verified.status} ${await verified.text()}`);
  return { phoneNumber: body.phoneNumber, password: body.password };
}

/** Logs in; the session cookie and the player's id, or the status when refused. */
export async function logIn(
  server: Pick<Server, "url">,
  account: Account,
): Promise<{ status: number; cookie?: string; playerId?: string }> {
  const res = await post(server as Server, "/api/Authorization/loginScout", account);
  if (res.status !== 200) return { status: res.status };
  const info = (await res.json()) as { scoutId: string };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("tl_session="))!
    .split(";")[0]!;
  return { status: 200, cookie, playerId: info.scoutId };
}

export const profilePath = (playerId: string) => `/api/Scouts/ScoutManagement/GetScoutById/${playerId}`;

interface ProfileAnswer {
  videos?: { status: string; renditions: { label: string; url: string }[] }[];
}

export interface PlayerWithVideo extends Account {
  playerId: string;
  cookie: string;
  /** GetScoutById's answer, once the video is ready. */
  profile: ProfileAnswer;
  /** SHA-256 of each rendition's bytes, by label. */
  renditions: Record<string, string>;
}

/**
 * A confirmed player who uploaded a cover photo and a video and submitted a profile, once the
 * server has prepared the video's renditions.
 */
export async function playerWithReadyVideo(server: Server): Promise<PlayerWithVideo> {
  const account = await confirmedAccount(server);
  const { cookie, playerId } = await logIn(server, account);
  if (!cookie || !playerId) throw new Error("login failed");
  const cover = await uploadFixture(server.url, cookie, "small.gif", "image");
  const video = await uploadFixture(server.url, cookie, "faststart.mp4", "video");
  const submitted = await post(
    server,
    "/api/Scouts/ScoutManagement/CreateNewScout",
    {
      scoutId: playerId,
      coverPhotoPath: cover.url,
      videoPath: video.url,
      videoPathTwo: null,
      position: "striker",
      secondaryPosition: "right-winger",
      preferredFoot: "left",
      heightInCm: 176,
      weightInKg: 70,
      currentFitnessStatus: "good",
      aboutYourself: "Quick striker from Kabwe.",
    },
    cookie,
  );
  if (submitted.status !== 201) throw new Error(`profile: ${submitted.status} ${await submitted.text()}`);
  const deadline = Date.now() + 120_000;
  let profile: ProfileAnswer;
  for (;;) {
    profile = await readProfile(server, playerId, cookie);
    if (profile.videos?.[0]?.status === "ready") break;
    if (Date.now() > deadline) throw new Error(`the video was not ready in time: ${JSON.stringify(profile.videos)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { ...account, playerId, cookie, profile, renditions: await renditionHashes(server, profile, cookie) };
}

export async function readProfile(
  server: Pick<Server, "url">,
  playerId: string,
  cookie: string,
): Promise<ProfileAnswer> {
  const res = await fetch(`${server.url}${profilePath(playerId)}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GetScoutById: ${res.status} ${await res.text()}`);
  return (await res.json()) as ProfileAnswer;
}

/** SHA-256 of the bytes of every rendition the profile's first video lists. */
export async function renditionHashes(
  server: Pick<Server, "url">,
  profile: ProfileAnswer,
  cookie: string,
): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const rendition of profile.videos?.[0]?.renditions ?? []) {
    const res = await fetch(`${server.url}${rendition.url}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${rendition.url}: ${res.status}`);
    hashes[rendition.label] = sha256(await res.arrayBuffer());
  }
  return hashes;
}

/** An upload of a video in several chunks: resolves with its file id once the server acknowledged it complete. */
export async function slowVideoUpload(
  server: Server,
  cookie: string,
): Promise<{ fileId: string; sha256: string; ackedAt: Date }> {
  const bytes = largeMp4();
  const result = await uploadBytes(
    server.url,
    cookie,
    bytes,
    { kind: "video", filename: "match.mp4", filetype: "video/mp4" },
    1024 * 1024,
  );
  if (result.status !== 200) throw new Error(`upload: ${result.status} ${JSON.stringify(result.body)}`);
  return { fileId: result.body.fileId!, sha256: sha256(bytes), ackedAt: new Date() };
}

/** The original bytes of a media file as its owner gets them, or the status when refused. */
export async function originalOf(server: Pick<Server, "url">, fileId: string, cookie: string) {
  const res = await fetch(`${server.url}/api/media/${fileId}`, { headers: { cookie } });
  return { status: res.status, sha256: res.status === 200 ? sha256(await res.arrayBuffer()) : null };
}
