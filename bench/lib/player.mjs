// Makes a benchmark player through the real API: registration, the SMS code from the console
// outbox (DATA_DIR/sms-outbox.jsonl), login, a cover photo and a video through tus, and a
// submitted profile. Needs a server in development mode (the console outbox).
import fs from "node:fs";
import path from "node:path";
import { tusUpload } from "./tus-client.mjs";

const FIXTURES = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures");
export const BENCH_PASSWORD = "Bench$2026kick";

async function post(url, body, cookie) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

function latestCode(dataDir, phone) {
  const lines = fs.readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  for (const line of lines.reverse()) {
    const message = JSON.parse(line);
    if (message.to === phone) return /\b(\d{5})\b/.exec(message.body)?.[1];
  }
  return undefined;
}

/** Logs in; returns the Cookie header value and the session answer. */
export async function login(baseUrl, phoneNumber, password = BENCH_PASSWORD) {
  const res = await post(`${baseUrl}/api/Authorization/loginScout`, { phoneNumber, password, rememberMe: true });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("tl_session="));
  if (!cookie) throw new Error("login answered without a session cookie");
  return { cookie, session: res.body };
}

/** Registers and confirms a player with a number built from n; returns phone and cookie. */
export async function registerPlayer(server, n) {
  const phoneNumber = `+26097${String(8_000_000 + n).padStart(7, "0")}`;
  const registration = {
    firstName: "Bench",
    lastName: "Mark",
    userName: `bench${n}`,
    dateOfBirth: "2005-03-14",
    email: `bench${n}@example.com`,
    phoneNumber,
    password: BENCH_PASSWORD,
  };
  const registered = await post(`${server.url}/api/Authorization/registerScoutWithOtp`, registration);
  if (registered.status !== 201)
    throw new Error(`registration answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const otp = latestCode(server.dataDir, phoneNumber);
  if (!otp) throw new Error(`no SMS code for ${phoneNumber} in the outbox`);
  const verified = await post(`${server.url}/api/Authorization/verifyGeneralOtp`, { phoneNumber, otp });
  if (verified.status !== 200)
    throw new Error(`code check answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  const { cookie, session } = await login(server.url, phoneNumber);
  return { phoneNumber, cookie, playerId: session.scoutId };
}

/** Uploads the test photo and clip through tus and submits a profile with them. */
export async function createProfile(server, player) {
  const upload = (name, kind, filetype) =>
    tusUpload(server.url, player.cookie, path.join(FIXTURES, name), {
      chunkSize: 5 * 1024 * 1024,
      metadata: { kind, filename: name, filetype },
    });
  const cover = await upload("gps.jpg", "image", "image/jpeg");
  const video = await upload("short.mp4", "video", "video/mp4");
  const created = await post(
    `${server.url}/api/Scouts/ScoutManagement/CreateNewScout`,
    {
      scoutId: player.playerId,
      coverPhotoPath: cover.media.url,
      videoPath: video.media.url,
      videoPathTwo: null,
      position: "central-midfielder",
      secondaryPosition: "attacking-midfielder",
      preferredFoot: "right",
      heightInCm: 176,
      weightInKg: 68,
      currentFitnessStatus: "excellent",
      aboutYourself: "Benchmark player: box-to-box midfielder.",
    },
    player.cookie,
  );
  if (created.status !== 201)
    throw new Error(`CreateNewScout answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body;
}
