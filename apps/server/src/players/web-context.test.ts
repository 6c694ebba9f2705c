import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "../db/schema/auth.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { createPlayer, loginCookie, type TestPlayer } from "../test/auth-helpers.ts";
import { createProfile } from "../test/public-players.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { ownProfileForWeb } from "./web-context.ts";

/** /player/profile's server render reads the logged-in player's own profile through this. */
let t: TestApp;
let withProfile: TestPlayer & { cookie: string; coverUrl: string };
let withoutProfile: TestPlayer & { cookie: string };

/** The request user the session plugin would set for this cookie's session. */
async function userOf(player: TestPlayer): Promise<RequestUser> {
  const [session] = await t.database.db.select().from(sessions).where(eq(sessions.playerId, player.id));
  return { playerId: player.id, role: "player", sessionId: session!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await createProfile(t, { firstName: "Bwalya", lastName: "Phiri" });
  withProfile = { ...made, cookie: await loginCookie(t, made) };
  const bare = await createPlayer(t);
  withoutProfile = { ...bare, cookie: await loginCookie(t, bare) };
});
afterAll(() => t.close());

describe("the player's own profile for the server render", () => {
  it("is exactly what GetScoutById answers the same player", async () => {
    const ownProfile = ownProfileForWeb(t.app.services);
    const rendered = await ownProfile(await userOf(withProfile));
    const api = await t.app.inject({
      url: `/api/Scouts/ScoutManagement/GetScoutById/${withProfile.id}`,
      headers: { cookie: withProfile.cookie },
    });
    expect(api.statusCode).toBe(200);
    expect(rendered).toEqual(api.json());
    expect(rendered?.scout.coverPhotoPath).toBe(withProfile.coverUrl);
  });

  it("is null for a player with no profile yet, never someone else's", async () => {
    expect(await ownProfileForWeb(t.app.services)(await userOf(withoutProfile))).toBeNull();
  });

  it("is null for an anonymous visitor", async () => {
    expect(await ownProfileForWeb(t.app.services)(null)).toBeNull();
  });
});
