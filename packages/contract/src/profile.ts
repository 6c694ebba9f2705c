import type { VideoView } from "./video.ts";
import * as z from "zod/mini";
import { FITNESS_VALUES, POSITION_VALUES, PREFERRED_FOOT_VALUES, PROVINCE_VALUES, type Province } from "./enums.ts";
import { addIssue } from "./issue.ts";
import {
  ABOUT_MAX_LENGTH,
  FULL_MATCH_HOSTS,
  FULL_MATCH_URL_MAX_LENGTH,
  HEIGHT_CM,
  TOWN_MAX_LENGTH,
  WEIGHT_KG,
} from "./limits.ts";
import { PROFILE_CHECKS, PROFILE_EDIT, PROFILE_FORM } from "./messages.ts";
import { displayText, isCleanIdentifier } from "./text.ts";

/** Required select: empty gets the "required" message, anything outside the list the "select" one. */
const choice = <T extends [string, ...string[]]>(values: T, required: string, select: string) =>
  z.string({ error: required }).check(
    z.minLength(1, required),
    z.refine((value): value is T[number] => (values as readonly string[]).includes(value), select),
  );

const measure = (bounds: { min: number; max: number }, required: string, minMessage: string, maxMessage: string) =>
  z.coerce.number({ error: required }).check(
    z.refine((n) => Number.isFinite(n), required),
    z.refine((n) => n >= bounds.min, minMessage),
    z.refine((n) => n <= bounds.max, maxMessage),
  );

/** Left out, null or blank (after the field's own cleaning): null. */
const blankToNull = z.transform((v: string | null | undefined) => (v ? v : null));

/**
 * A link to a player's full match as it will be published, or null when it may not be: https
 * only, on one of FULL_MATCH_HOSTS exactly, with no user name, password or port (each a way to
 * make a link read as one site and open another), and nothing hidden in it.
 */
export function fullMatchUrlOf(text: string): string | null {
  if (!isCleanIdentifier(text) || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  if (!(FULL_MATCH_HOSTS as readonly string[]).includes(url.hostname)) return null;
  return url.href;
}

/** Where a stored file is read back from: GET /api/media/{fileId}. */
export const MEDIA_URL_PREFIX = "/api/media/";
export function mediaUrl(fileId: string): string {
  return `${MEDIA_URL_PREFIX}${fileId}`;
}
export function fileIdFromMediaUrl(url: string): string | null {
  const path = url.startsWith("http") ? new URL(url).pathname : url;
  if (!path.startsWith(MEDIA_URL_PREFIX)) return null;
  const id = path.slice(MEDIA_URL_PREFIX.length).split(/[/?#]/)[0] ?? "";
  return /^[A-Za-z0-9_-]{8,64}$/.test(id) ? id : null;
}

/** What a player fills in: the profile's fields, as the form and the server's store use them. */
const profileFieldShape = {
  coverPhotoPath: z
    .string({ error: PROFILE_FORM.imageRequired })
    .check(z.minLength(1, PROFILE_FORM.imageRequired), z.maxLength(500)),
  videoPath: z
    .string({ error: PROFILE_FORM.videoRequired })
    .check(z.minLength(1, PROFILE_FORM.videoRequired), z.maxLength(500)),
  videoPathTwo: z.pipe(
    z.nullish(z.string().check(z.maxLength(500))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  ),
  position: choice(POSITION_VALUES, PROFILE_FORM.positionRequired, PROFILE_FORM.positionSelect),
  secondaryPosition: z
    .pipe(
      z.nullish(z.string()),
      z.transform((v: string | null | undefined) => (v ? v : null)),
    )
    .check(
      z.refine((v) => v === null || (POSITION_VALUES as readonly string[]).includes(v), PROFILE_FORM.positionSelect),
    ),
  preferredFoot: choice(PREFERRED_FOOT_VALUES, PROFILE_FORM.footRequired, PROFILE_FORM.footSelect),
  heightInCm: measure(HEIGHT_CM, PROFILE_CHECKS.heightRequired, PROFILE_FORM.heightMin, PROFILE_FORM.heightMax),
  weightInKg: measure(WEIGHT_KG, PROFILE_CHECKS.weightRequired, PROFILE_FORM.weightMin, PROFILE_FORM.weightMax),
  currentFitnessStatus: choice(FITNESS_VALUES, PROFILE_FORM.fitnessRequired, PROFILE_FORM.fitnessSelect),
  aboutYourself: z.pipe(
    z.nullish(displayText({ max: ABOUT_MAX_LENGTH, tooLong: PROFILE_CHECKS.aboutTooLong, multiline: true })),
    z.transform((v: string | null | undefined) => v ?? ""),
  ),
  /**
   * Where the player plays. Optional here, so the companion app's submissions (which do not know
   * these fields) still work; the web form asks for both (profileFormSchema).
   */
  province: z.pipe(
    z.nullish(z.string()),
    z.transform((v: string | null | undefined, ctx): Province | null => {
      if (!v) return null;
      if ((PROVINCE_VALUES as readonly string[]).includes(v)) return v as Province;
      addIssue(ctx, PROFILE_CHECKS.provinceSelect);
      return z.NEVER;
    }),
  ),
  town: z.pipe(z.nullish(displayText({ max: TOWN_MAX_LENGTH, tooLong: PROFILE_CHECKS.townTooLong })), blankToNull),
  /** An unedited full match on YouTube, Facebook or Google Drive (fullMatchUrlOf), optional. */
  fullMatchUrl: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(FULL_MATCH_URL_MAX_LENGTH, PROFILE_CHECKS.fullMatchTooLong))),
    z.transform((v: string | null | undefined, ctx) => {
      if (!v) return null;
      const url = fullMatchUrlOf(v);
      if (url) return url;
      addIssue(ctx, PROFILE_CHECKS.fullMatchInvalid);
      return z.NEVER;
    }),
  ),
  /** Sent by the companion app; the server ignores both and uses its own clock. */
  submissionDate: z.optional(z.string()),
  videoUploadDate: z.nullish(z.string()),
};

/** The second position, when given, differs from the main one. */
const secondaryDiffers = z.refine<{ position: string; secondaryPosition: string | null }>(
  (fields) => fields.secondaryPosition === null || fields.secondaryPosition !== fields.position,
  { message: PROFILE_CHECKS.secondarySameAsPrimary, path: ["secondaryPosition"] },
);

export const profileFieldsSchema = z.object(profileFieldShape).check(secondaryDiffers);

/** Where the player plays, as the web's forms ask it: both required. */
const requiredPlace = {
  province: choice(PROVINCE_VALUES, PROFILE_CHECKS.provinceRequired, PROFILE_CHECKS.provinceSelect),
  town: displayText({
    required: PROFILE_CHECKS.townRequired,
    max: TOWN_MAX_LENGTH,
    tooLong: PROFILE_CHECKS.townTooLong,
  }),
};

/**
 * What the player's profile form checks: the API's fields, with the province and the town
 * required, since scouts filter by the one and read the other.
 */
export const profileFormSchema = z.object({ ...profileFieldShape, ...requiredPlace }).check(secondaryDiffers);

/**
 * The facts a player corrects themself once the profile is submitted (PUT /api/player/profile/details):
 * they publish at once, under the same rules as at submission. Words and media go through review
 * instead (profileChangeSchema).
 */
export const profileDetailsSchema = z
  .object({
    currentFitnessStatus: profileFieldShape.currentFitnessStatus,
    heightInCm: profileFieldShape.heightInCm,
    weightInKg: profileFieldShape.weightInKg,
    position: profileFieldShape.position,
    secondaryPosition: profileFieldShape.secondaryPosition,
    preferredFoot: profileFieldShape.preferredFoot,
    ...requiredPlace,
  })
  .check(secondaryDiffers);
export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>;
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

/** A media field of a change: left out for "unchanged", else a file's URL. */
const changedMedia = z.optional(z.string().check(z.minLength(1), z.maxLength(500)));

/**
 * What a player asks staff to publish on an approved profile (POST /api/player/profile/changes):
 * a field left out stays as it is; fullMatchUrl null (or blank) removes the link. The approved
 * words and media stay public until staff approve the change.
 */
export const profileChangeSchema = z
  .object({
    aboutYourself: z.optional(profileFieldShape.aboutYourself),
    fullMatchUrl: z.optional(profileFieldShape.fullMatchUrl),
    coverPhotoPath: changedMedia,
    videoPath: changedMedia,
    videoPathTwo: changedMedia,
  })
  .check(
    z.refine((change) => Object.values(change).some((value) => value !== undefined), PROFILE_EDIT.nothingToReview),
  );
export type ProfileChangeInput = z.input<typeof profileChangeSchema>;
export type ProfileChange = z.output<typeof profileChangeSchema>;
export type ProfileFormFields = z.output<typeof profileFormSchema>;
export type ProfileFieldsInput = z.input<typeof profileFieldsSchema>;
export type ProfileFields = z.output<typeof profileFieldsSchema>;

/**
 * Body of POST /api/Scouts/ScoutManagement/CreateNewScout: the fields plus the player's id, which
 * the companion app sends as `scoutId`. Only the two functions below use that name.
 */
export const playerInfoSchema = z
  .object({ scoutId: z.string().check(z.minLength(1)), ...profileFieldShape })
  .check(secondaryDiffers);
export type PlayerInfoInput = z.input<typeof playerInfoSchema>;

export const toPlayerInfoBody = (playerId: string, fields: ProfileFieldsInput): PlayerInfoInput => ({
  ...fields,
  scoutId: playerId,
});

export const fromPlayerInfoBody = ({
  scoutId,
  ...fields
}: z.output<typeof playerInfoSchema>): { playerId: string; fields: ProfileFields } => ({ playerId: scoutId, fields });

/**
 * GET /api/Scouts/ScoutManagement/GetScoutById/{scoutId}, as the companion app reads it: `scout` is
 * the player, `scoutId` the player's id and `scoutsInformationId` the profile's id. The server
 * builds it in one place (the profile service's toResponse).
 */
export interface PlayerInfoResponse {
  scout: {
    scoutsInformationId: string;
    scoutId: string;
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    coverPhotoPath: string;
    videoPath: string;
    videoPathTwo: string | null;
    position: string;
    secondaryPosition: string | null;
    heightInCm: number;
    weightInKg: number;
    preferredFoot: string;
    currentFitnessStatus: string;
    aboutYourself: string;
    /** Null for a profile submitted before they were asked, or by a client that does not send them. */
    province: Province | null;
    town: string | null;
    fullMatchUrl: string | null;
    submissionDate: string;
    videoUploadDate: string | null;
    isVideoApproved: boolean;
    reviewStatus: "pending" | "approved" | "rejected";
    rejectionReason: string | null;
    /** The player may correct and submit the profile again: it was rejected, or staff allowed new videos. */
    canResubmit: boolean;
    /**
     * Approved, but the player is under 18 and their parent or guardian has not agreed: not
     * public, and its public time has not started (daysUntilExpiration is the whole period).
     */
    waitingForGuardian: boolean;
  };
  isVideoExpired: boolean;
  daysUntilExpiration: number;
  videoExpirationDate: string;
  /**
   * The profile's videos as pages play them (renditions, posters, or how far their preparation
   * is), in the order videoPath, videoPathTwo. Added to the published shape by GetScoutById.
   */
  videos?: VideoView[];
}
