import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INPUT, REGISTER } from "@touchline/contract/messages";
import { createPlayer, createStaff, loginCookie, registrationBody, uniqueAddress } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createProfile } from "../test/public-players.ts";
import { importMedia } from "../talent/import-media.ts";

/**
 * Text with a NUL byte, control characters, invisible characters or direction overrides, in every
 * field and path that takes text: refused with a 400 naming the field (NUL cannot even be stored
 * in PostgreSQL text), or cleaned before it is stored; never a 5xx, never a write, and never a
 * log line with the values of a failed statement.
 */
const lines: string[] = [];
let t: TestApp;

let staffCookie: string;
let publicUsername: string;
let pendingProfileId: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => lines.push(line) } });
  const player = await createPlayer(t);
  await loginCookie(t, player);
  staffCookie = (await createStaff(t, "reviewer")).cookie;
  publicUsername = (await createProfile(t)).username;
  pendingProfileId = (await createProfile(t, { status: "pending" })).profileId;
});
afterAll(() => t.close());

const send = (method: "GET" | "POST", url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: uniqueAddress() });

const count = async (table: string) =>
  Number(
    (
      (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

const NUL = "\u0000";

describe("a NUL character", () => {
  const cases: {
    what: string;
    method: "GET" | "POST";
    url: () => string;
    body?: object;
    field: string;
    staff?: boolean;
  }[] = [
    ...(["firstName", "lastName", "userName"] as const).map((field) => ({
      what: `registration ${field}`,
      method: "POST" as const,
      url: () => "/api/Authorization/registerScoutWithOtp",
      body: registrationBody({ [field]: `Mw${NUL}ila` }),
      field,
    })),
    ...(["name", "message"] as const).map((field) => ({
      what: `contact message ${field}`,
      method: "POST" as const,
      url: () => "/api/site/contact-messages",
      body: { name: "Chanda", email: "chanda@example.zm", message: "Hello", [field]: `x${NUL}` },
      field,
    })),
    {
      what: "deletion request reason",
      method: "POST",
      url: () => "/api/site/deletion-requests",
      body: {
        email: "chanda@example.zm",
        reason: "other",
        otherReason: `x${NUL}`,
        understand: true,
        confirmation_text: "DELETE MY ACCOUNT",
        confirmation: true,
      },
      field: "otherReason",
    },
    ...(["name", "organisation", "message"] as const).map((field) => ({
      what: `player contact request ${field}`,
      method: "POST" as const,
      url: () => `/api/talent/players/${publicUsername}/contact`,
      body: {
        name: "Coach",
        organisation: "Zesco United",
        email: "coach@example.zm",
        message: "Trial?",
        [field]: `x${NUL}`,
      },
      field,
    })),
    { what: "talent search", method: "GET", url: () => "/api/talent/players?q=mw%00ila", field: "q" },
    { what: "username in a path", method: "GET", url: () => "/api/talent/players/mw%00ila", field: "username" },
    {
      what: "username in a contact path",
      method: "POST",
      url: () => "/api/talent/players/mw%00ila/contact",
      body: { name: "Coach", organisation: "Zesco United", email: "coach@example.zm", message: "Trial?" },
      field: "username",
    },
    {
      what: "review reason",
      method: "POST",
      url: () => `/api/admin/reviews/${pendingProfileId}/reject`,
      body: { reasonCode: "other", reasonText: `Blurry${NUL}` },
      field: "reasonText",
      staff: true,
    },
  ];

  it.each(cases)("in the $what is refused with 400 naming the field, and stores nothing", async (c) => {
    const tables = ["players", "contact_messages", "deletion_requests", "audit_log"];
    const before = await Promise.all(tables.map(count));
    const res = await send(c.method, c.url(), c.body, c.staff ? staffCookie : undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [c.field]: INPUT.controlCharacters });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it("in the profile's about text is refused, and the profile is not created", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const body = await profileBody(player.id);
    const refused = await send(
      "POST",
      "/api/Scouts/ScoutManagement/CreateNewScout",
      { ...body, aboutYourself: `Fast${NUL}` },
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ aboutYourself: INPUT.controlCharacters });
    expect(
      (await send("GET", `/api/Scouts/ScoutManagement/GetScoutById/${player.id}`, undefined, cookie)).statusCode,
    ).toBe(404);
  });

  it("never produced a server error or a log line quoting a statement's values", () => {
    const parsed = lines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number } },
    );
    expect(parsed.filter((line) => (line.res?.statusCode ?? 0) >= 500)).toEqual([]);
    expect(parsed.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.join("\n")).not.toMatch(/params:|\\u0000/);
  });
});

describe("invisible and direction-override characters", () => {
  it("are removed from names, which are stored trimmed and in NFC", async () => {
    const body = registrationBody({ firstName: "\u202EaliwM\u202C", lastName: " Band\u200B\u200Ce\u0301 " });
    const res = await send("POST", "/api/Authorization/registerScoutWithOtp", body);
    expect(res.statusCode).toBe(201);
    const stored = (await t.database.db.execute(
      sql`select first_name, last_name from players where phone_number = ${res.json().phoneNumber}`,
    )) as unknown as { rows: { first_name: string; last_name: string }[] };
    expect(stored.rows[0]).toEqual({ first_name: "aliwM", last_name: "Band\u00E9" });
  });

  it("are refused in a username, which keeps its published rules and messages", async () => {
    const invisible = await send(
      "POST",
      "/api/Authorization/registerScoutWithOtp",
      registrationBody({ userName: "chipo\u200B10" }),
    );
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().errors).toEqual({ userName: INPUT.invisibleCharacters });
    const spaced = await send(
      "POST",
      "/api/Authorization/registerScoutWithOtp",
      registrationBody({ userName: "chipo 10" }),
    );
    expect(spaced.json().errors).toEqual({ userName: REGISTER.usernameNoSpaces });
    const inPath = await send("GET", `/api/talent/players/${publicUsername}%E2%80%8B`);
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().errors).toEqual({ username: INPUT.invisibleCharacters });
  });

  it("are removed from contact messages and the profile's about text", async () => {
    const sent = await send("POST", "/api/site/contact-messages", {
      name: "\u2066Chanda\u2069",
      email: "chanda@example.zm",
      message: "Hello\u202E there\r\nSecond line\u200B",
    });
    expect(sent.statusCode).toBe(201);
    const message = (await t.database.db.execute(
      sql`select name, message from contact_messages order by created_at desc limit 1`,
    )) as unknown as { rows: { name: string; message: string }[] };
    expect(message.rows[0]).toEqual({ name: "Chanda", message: "Hello there\nSecond line" });

    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const created = await send(
      "POST",
      "/api/Scouts/ScoutManagement/CreateNewScout",
      { ...(await profileBody(player.id)), aboutYourself: " Left\u200B winger\u00AD " },
      cookie,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().scout.aboutYourself).toBe("Left winger");
  });
});

/** A complete profile body with a cover photo and a video the player uploaded. */
async function profileBody(playerId: string) {
  const { demoCoverJpeg } = await import("../talent/demo-cover.ts");
  const { fixture } = await import("../test/upload-client.ts");
  const deps = t.app.services;
  const cover = await importMedia(
    deps,
    playerId,
    "image",
    await demoCoverJpeg({ initials: "TL", number: 9, kit: 1, width: 160, height: 120 }),
  );
  const video = await importMedia(deps, playerId, "video", fixture("faststart.mp4"));
  return {
    scoutId: playerId,
    coverPhotoPath: cover.url,
    videoPath: video.url,
    position: "striker",
    preferredFoot: "right",
    heightInCm: 178,
    weightInKg: 70,
    currentFitnessStatus: "good",
  };
}
