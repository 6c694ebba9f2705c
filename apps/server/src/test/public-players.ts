import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FitnessLevel, Position, PreferredFoot, Province } from "@touchline/contract/enums";
import { REJECTION_REASONS } from "@touchline/contract/admin";
import { createReviewService } from "../admin/review-service.ts";
import { needsGuardianConsent } from "@touchline/contract/guardian";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { copyRenditions, makeRenditions } from "../media/video-renditions-job.ts";
import { createProfileService } from "../players/profile-service.ts";
import { createPlayer, type TestPlayer } from "./auth-helpers.ts";
import type { TestApp } from "./test-app.ts";
import { demoCoverJpeg } from "../talent/demo-cover.ts";
import { importMedia } from "../talent/import-media.ts";

/** A one-second MP4 (moov first) from the media fixtures: the smallest real video we have. */
const VIDEO = fs.readFileSync(path.resolve(import.meta.dirname, "../media/fixtures/faststart.mp4"));
let cover: Promise<Buffer> | undefined;
/** Per test app, a stored copy of the fixture video whose renditions are made. */
const fixtureVideoWithRenditions = new WeakMap<TestApp, string>();

/**
 * Prepares a copy of the fixture video: the first one of a test app is transcoded, the next
 * ones get its renditions copied (the same bytes give the same renditions), which keeps a
 * suite of many players from running ffmpeg for each. If that first copy is gone (its player
 * deleted), the next one is transcoded and becomes the source.
 */
async function prepareFixtureVideo(t: TestApp, fileId: string): Promise<void> {
  const source = fixtureVideoWithRenditions.get(t);
  const run = { runId: randomUUID(), log: t.app.services.log };
  if (source) {
    try {
      await copyRenditions(t.app.services, source, fileId, run);
      return;
    } catch {
      fixtureVideoWithRenditions.delete(t);
    }
  }
  await makeRenditions(t.app.services, fileId, run);
  fixtureVideoWithRenditions.set(t, fileId);
}

export interface ProfileOptions {
  /** false: the videos stay "processing", as before their renditions job has run. */
  videosReady?: boolean;
  firstName?: string;
  lastName?: string;
  userName?: string;
  dateOfBirth?: string;
  position?: Position;
  secondaryPosition?: Position | null;
  preferredFoot?: PreferredFoot;
  heightInCm?: number;
  weightInKg?: number;
  currentFitnessStatus?: FitnessLevel;
  aboutYourself?: string;
  /** Where the player plays and their full match: none by default, as on older profiles. */
  province?: Province | null;
  town?: string | null;
  fullMatchUrl?: string | null;
  twoVideos?: boolean;
  /** The player's video as uploaded (default: a one-second fixture). */
  video?: Buffer;
  /** "approved" (default), "pending" or "rejected". */
  status?: "approved" | "pending" | "rejected";
  /**
   * For a player under 18: "given" (default) records an invented guardian's consent, so the
   * profile can be public; "none" names no guardian.
   */
  guardianConsent?: "given" | "none";
}

/**
 * A player with a submitted profile, made the way a real one is: media stored through the upload
 * pipeline (importMedia), the profile through the profile service and the decision through the
 * review console's service, at the test clock's time.
 */
export async function createProfile(
  t: TestApp,
  options: ProfileOptions = {},
): Promise<TestPlayer & { profileId: string; coverUrl: string; videoUrls: string[] }> {
  const player = await createPlayer(t, {
    firstName: options.firstName,
    lastName: options.lastName,
    userName: options.userName,
    dateOfBirth: options.dateOfBirth,
  });
  const deps = t.app.services;
  if (needsGuardianConsent(player.dateOfBirth, deps.now()) && (options.guardianConsent ?? "given") === "given")
    await createGuardianStore(deps.db, deps.now).recordGivenWithoutSms(player.id, "Test Guardian", "+260955000001");
  cover ??= demoCoverJpeg({ initials: "TL", number: 10, kit: 0, width: 160, height: 120 });
  const photo = await importMedia(deps, player.id, "image", await cover);
  // The renditions job is run here rather than queued (a queued one would start at once in the
  // test app and race the test): a profile is public only once they exist.
  const own = { queuePreparation: false };
  const video = await importMedia(deps, player.id, "video", options.video ?? VIDEO, own);
  const videoTwo = options.twoVideos ? await importMedia(deps, player.id, "video", VIDEO, own) : null;
  if (options.videosReady !== false) {
    if (options.video) await prepareVideo(t, video.fileId);
    else await prepareFixtureVideo(t, video.fileId);
    if (videoTwo) await prepareFixtureVideo(t, videoTwo.fileId);
  }

  const profiles = createProfileService({
    db: t.app.services.db,
    now: t.app.services.now,
    videoExpiryDays: t.config.VIDEO_EXPIRY_DAYS,
  });
  const created = await profiles.submit(player.id, {
    coverPhotoPath: photo.url,
    videoPath: video.url,
    videoPathTwo: videoTwo?.url ?? null,
    position: options.position ?? "striker",
    secondaryPosition: options.secondaryPosition === undefined ? null : options.secondaryPosition,
    preferredFoot: options.preferredFoot ?? "right",
    heightInCm: options.heightInCm ?? 175,
    weightInKg: options.weightInKg ?? 68,
    currentFitnessStatus: options.currentFitnessStatus ?? "good",
    aboutYourself: options.aboutYourself ?? "Quick striker from Kabwe.",
    province: options.province ?? null,
    town: options.town ?? null,
    fullMatchUrl: options.fullMatchUrl ?? null,
  });
  const status = options.status ?? "approved";
  const reviews = createReviewService({
    db: t.app.services.db,
    now: t.app.services.now,
    videoExpiryDays: t.config.VIDEO_EXPIRY_DAYS,
  });
  const reviewer = { id: null, username: "test reviewer" };
  if (status === "approved") await reviews.approve(created.scout.scoutsInformationId, reviewer);
  if (status === "rejected")
    await reviews.reject(created.scout.scoutsInformationId, reviewer, { reasonCode: REJECTION_REASONS[0].value });
  return {
    ...player,
    profileId: created.scout.scoutsInformationId,
    coverUrl: photo.url,
    videoUrls: [video.url, ...(videoTwo ? [videoTwo.url] : [])],
  };
}

/** Runs a video's renditions job now (instead of waiting for the queue); takes its id or its URL. */
export async function prepareVideo(t: TestApp, fileIdOrUrl: string): Promise<void> {
  const fileId = fileIdOrUrl.replace(/^\/api\/media\//, "");
  await makeRenditions(t.app.services, fileId, { runId: randomUUID(), log: t.app.services.log });
}
