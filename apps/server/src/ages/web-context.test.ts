import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "../db/schema/auth.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { loginCookie, type TestPlayer } from "../test/auth-helpers.ts";
import { createProfile } from "../test/public-players.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { ownPanelsForWeb } from "./web-context.ts";

/** /player/profile's server render reads the panels above the profile through these. */
let t: TestApp;
let minor: TestPlayer & { cookie: string };
let adult: TestPlayer & { cookie: string };

/** The request user the session plugin would set for this player's session. */
async function userOf(player: TestPlayer, role: RequestUser["role"] = "player"): Promise<RequestUser> {
  const [session] = await t.database.db.select().from(sessions).where(eq(sessions.playerId, player.id));
  return { playerId: player.id, role, sessionId: session!.id };
}

/** A birth date `years` years before the test clock. */
const yearsAgo = (years: number) => {
  const date = new Date(t.clock.now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

const apiAnswer = async (url: string, player: { cookie: string }) => {
  const answer = await t.app.inject({ url, headers: { cookie: player.cookie } });
  expect(answer.statusCode).toBe(200);
  return answer.json();
};

beforeAll(async () => {
  t = await createTestApp();
  const young = await createProfile(t, { firstName: "Chanda", dateOfBirth: yearsAgo(16), guardianConsent: "none" });
  minor = { ...young, cookie: await loginCookie(t, young) };
  const grown = await createProfile(t, { firstName: "Bwalya" });
  adult = { ...grown, cookie: await loginCookie(t, grown) };
});
afterAll(() => t.close());

describe("the panels above the player's own profile, for the server render", () => {
  it("are exactly what the age-check and guardian routes answer a minor", async () => {
    const panels = ownPanelsForWeb(t.app.services);
    const user = await userOf(minor);
    const guardian = await panels.guardian(user);
    expect(guardian).toMatchObject({ state: "none" });
    expect(guardian).toEqual((await apiAnswer("/api/player/guardian", minor)).guardian);
    expect(await panels.ageCheck(user)).toEqual((await apiAnswer("/api/player/age-check", minor)).ageCheck);
  });

  it("say no guardian is needed from 18 on, as the route does", async () => {
    expect(await ownPanelsForWeb(t.app.services).guardian(await userOf(adult))).toBeNull();
    expect((await apiAnswer("/api/player/guardian", adult)).guardian).toBeNull();
  });

  it("are left to the page for an anonymous visitor or a scout, whom the routes refuse", async () => {
    const panels = ownPanelsForWeb(t.app.services);
    for (const user of [null, await userOf(adult, "scout")]) {
      expect(await panels.ageCheck(user)).toBeUndefined();
      expect(await panels.guardian(user)).toBeUndefined();
    }
  });
});
