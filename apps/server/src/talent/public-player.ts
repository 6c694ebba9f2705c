import { ageOn } from "@touchline/contract/auth";
import type { FitnessLevel, Position, PreferredFoot, Province } from "@touchline/contract/enums";
import { IMAGE_VARIANT_WIDTHS } from "@touchline/contract/media";
import { mediaUrl } from "@touchline/contract/profile";
import type { CoachRole } from "@touchline/contract/coach-roles";
import {
  publicAgeOf,
  type PublicCover,
  type PublicEndorsement,
  type PublicPlayer,
  type PublicPlayerSummary,
  type PublicVideo,
} from "@touchline/contract/talent";

/**
 * What the public queries read: only the columns a public page may show, plus the birth date the
 * age is computed from. The surname arrives as its initial (left(last_name, 1) in SQL), so the full
 * name never leaves the database on a public request.
 */
export interface PublicPlayerRow {
  username: string;
  firstName: string;
  lastInitial: string;
  dateOfBirth: string;
  position: string;
  secondaryPosition: string | null;
  preferredFoot: string;
  heightCm: number;
  weightKg: number;
  fitness: string;
  province: string | null;
  town: string | null;
  coverFileId: string;
  coverWidth: number | null;
  coverHeight: number | null;
  reviewedAt: Date | null;
  ageVerified: boolean;
  endorsed: boolean;
}

export interface PublicPlayerDetailRow extends PublicPlayerRow {
  about: string;
  fullMatchUrl: string | null;
  editedAt: Date | null;
}

/**
 * The public shape, written out field by field: this is the allowlist. A column added to a table
 * later cannot reach a public page or the public API without being added here on purpose.
 */
export function toPublicSummary(row: PublicPlayerRow, today: Date): PublicPlayerSummary {
  return {
    username: row.username,
    firstName: row.firstName,
    lastInitial: row.lastInitial.toLocaleUpperCase("en"),
    // Under 18: the band alone, never the exact age (contract talent.ts, publicAgeOf).
    ...publicAgeOf(ageOn(row.dateOfBirth, today)),
    position: row.position as Position,
    secondaryPosition: (row.secondaryPosition as Position | null) ?? null,
    preferredFoot: row.preferredFoot as PreferredFoot,
    heightInCm: row.heightCm,
    weightInKg: row.weightKg,
    currentFitnessStatus: row.fitness as FitnessLevel,
    province: (row.province as Province | null) ?? null,
    town: row.town ?? null,
    cover: coverOf(row.coverFileId, row.coverWidth, row.coverHeight),
    approvedAt: row.reviewedAt?.toISOString() ?? null,
    ageVerified: row.ageVerified,
    endorsed: row.endorsed,
  };
}

/** A confirmation as the store reads it; the columns a yes always fills may be null in the type only. */
export interface PublicEndorsementRow {
  role: CoachRole;
  club: string;
  team: string | null;
  since: string | null;
  confirmedAt: Date | null;
}

export function toPublicPlayer(
  row: PublicPlayerDetailRow,
  videos: PublicVideo[],
  endorsements: PublicEndorsementRow[],
  evaluationCount: number,
  today: Date,
): PublicPlayer {
  return {
    ...toPublicSummary(row, today),
    aboutYourself: row.about,
    fullMatchUrl: row.fullMatchUrl ?? null,
    editedAt: row.editedAt?.toISOString() ?? null,
    endorsements: endorsements.flatMap((endorsement): PublicEndorsement[] =>
      endorsement.team && endorsement.since && endorsement.confirmedAt
        ? [
            {
              role: endorsement.role,
              club: endorsement.club,
              team: endorsement.team,
              since: endorsement.since,
              confirmedAt: endorsement.confirmedAt.toISOString(),
            },
          ]
        : [],
    ),
    evaluationCount,
    videos: videos.map(({ url, durationSeconds, renditions, posters }) => ({
      url,
      durationSeconds,
      renditions,
      posters,
    })),
  };
}

/**
 * The WebP copies the media route serves (?w=320|640|1280) with their real sizes: a copy is
 * never wider than the photo (images.ts does not enlarge), and keeps its proportions. Pages set
 * width and height from these, so nothing jumps while covers load.
 */
export function coverOf(fileId: string, width: number | null, height: number | null): PublicCover {
  // Every stored image has its size recorded; 4:3 is only a safe guess for a row without one.
  const originalWidth = width && width > 0 ? width : IMAGE_VARIANT_WIDTHS.at(-1)!;
  const originalHeight = height && height > 0 ? height : Math.round((originalWidth * 3) / 4);
  const base = mediaUrl(fileId);
  return {
    variants: IMAGE_VARIANT_WIDTHS.map((requested) => {
      const variantWidth = Math.min(requested, originalWidth);
      return {
        url: `${base}?w=${requested}`,
        width: variantWidth,
        height: Math.max(1, Math.round((originalHeight * variantWidth) / originalWidth)),
      };
    }),
  };
}
