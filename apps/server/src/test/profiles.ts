import { uploadFixture } from "./upload-client.ts";
import { createPlayer, loginCookie, type TestPlayer } from "./auth-helpers.ts";
import type { TestApp } from "./test-app.ts";

export const CREATE_PROFILE_URL = "/api/Scouts/ScoutManagement/CreateNewScout";
export const profileUrl = (playerId: string) => `/api/Scouts/ScoutManagement/GetScoutById/${playerId}`;

export interface PlayerWithMedia extends TestPlayer {
  cookie: string;
  coverUrl: string;
  videoUrl: string;
}

/** A logged-in player who uploaded a cover photo and a video through the real tus pipeline. */
export async function playerWithMedia(
  t: TestApp,
  overrides: Parameters<typeof createPlayer>[1] = {},
): Promise<PlayerWithMedia> {
  const player = await createPlayer(t, overrides);
  const cookie = await loginCookie(t, player);
  const cover = await uploadFixture(t.app, cookie, "small.gif", "image");
  const video = await uploadFixture(t.app, cookie, "faststart.mp4", "video");
  return { ...player, cookie, coverUrl: cover.url, videoUrl: video.url };
}

/** A complete CreateNewScout body for the player's uploads (override any field). */
export function profileBody(player: PlayerWithMedia, overrides: Record<string, unknown> = {}) {
  return {
    scoutId: player.id,
    coverPhotoPath: player.coverUrl,
    videoPath: player.videoUrl,
    videoPathTwo: null,
    position: "striker",
    secondaryPosition: "right-winger",
    preferredFoot: "left",
    heightInCm: 176,
    weightInKg: 70,
    currentFitnessStatus: "good",
    aboutYourself: "Quick striker from Kabwe.",
    ...overrides,
  };
}

export function submitProfile(t: TestApp, player: PlayerWithMedia, overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: CREATE_PROFILE_URL,
    headers: { cookie: player.cookie },
    payload: profileBody(player, overrides),
  });
}

/** A player with a submitted (pending) profile; returns its profile id too. */
export async function playerWithProfile(
  t: TestApp,
  overrides: Parameters<typeof createPlayer>[1] = {},
  profile: Record<string, unknown> = {},
) {
  const player = await playerWithMedia(t, overrides);
  const res = await submitProfile(t, player, profile);
  if (res.statusCode !== 201)
    throw new Error(`profile submission failed in test helper: ${res.statusCode} ${res.body}`);
  return { ...player, profileId: res.json().scout.scoutsInformationId as string };
}
