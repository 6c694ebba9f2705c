import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createProfile } from "../test/public-players.ts";
import { talentForWeb } from "./web-context.ts";

/** /players/{username} reads through this: a name no account can have is simply not found. */
let t: TestApp;
let username: string;
beforeAll(async () => {
  t = await createTestApp();
  username = (await createProfile(t)).username;
});
afterAll(() => t.close());

describe("the player page's lookup", () => {
  it("finds a public player by username", async () => {
    expect((await talentForWeb(t.app.services).getPlayer(username))?.username).toBe(username);
  });

  it("answers not found for a username with a NUL or an invisible character, without a database error", async () => {
    const talent = talentForWeb(t.app.services);
    expect(await talent.getPlayer(`${username}\u0000`)).toBeNull();
    expect(await talent.getPlayer(`${username}\u200B`)).toBeNull();
    expect(await talent.getPlayer(`\u202E${username}`)).toBeNull();
  });
});
