import { sql } from "drizzle-orm";
import { date, doublePrecision, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";
import { guardianConsents } from "./guardians.ts";
import { mediaFiles } from "./media.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The profile a player submits for review (migration 0003). The API calls its id scoutsInformationId. */
export const playerProfiles = pgTable("player_profiles", {
  id: uuid("id").primaryKey(),
  playerId: uuid("player_id")
    .notNull()
    .unique()
    .references(() => players.id, { onDelete: "cascade" }),
  coverFileId: uuid("cover_file_id")
    .notNull()
    .references(() => mediaFiles.id),
  videoFileId: uuid("video_file_id")
    .notNull()
    .references(() => mediaFiles.id),
  videoTwoFileId: uuid("video_two_file_id").references(() => mediaFiles.id),
  position: text("position").notNull(),
  secondaryPosition: text("secondary_position"),
  preferredFoot: text("preferred_foot").notNull(),
  heightCm: doublePrecision("height_cm").notNull(),
  weightKg: doublePrecision("weight_kg").notNull(),
  fitness: text("fitness").notNull(),
  about: text("about").notNull().default(""),
  /** Where the player plays (migration 0014); null on profiles submitted before it was asked. */
  province: text("province"),
  town: text("town"),
  /** An unedited full match (https, YouTube, Facebook or Google Drive), reviewed with the profile. */
  fullMatchUrl: text("full_match_url"),
  submittedAt: ts("submitted_at").notNull(),
  videoUploadedAt: ts("video_uploaded_at"),
  reviewStatus: text("review_status", { enum: ["pending", "approved", "rejected"] })
    .notNull()
    .default("pending"),
  reviewedAt: ts("reviewed_at"),
  reviewedBy: uuid("reviewed_by").references(() => players.id, { onDelete: "set null" }),
  rejectionReason: text("rejection_reason"),
  /** Staff let the player submit again with new videos (migration 0004); cleared when they do. */
  reuploadAllowedAt: ts("reupload_allowed_at"),
  updatedAt: ts("updated_at").notNull(),
  /**
   * Copies of the player's birth date, "first name + surname initial" (lower case) and username
   * key, for the public list's filters (migration 0005). Database triggers fill and update them
   * from players; never write them here. Never null in the database.
   */
  birthDate: date("birth_date", { mode: "string" }),
  nameKey: text("name_key"),
  usernameKey: text("username_key"),
});

export type PlayerProfile = typeof playerProfiles.$inferSelect;

/**
 * When the player's guardian agreed to the profile being public, while that consent stands
 * (null otherwise, and for players nobody had to consent for): a minor's public time starts
 * then if that is after the approval.
 */
export const profileConsentGivenAt = sql<Date | null>`(select ${guardianConsents.decidedAt} from ${guardianConsents}
  where ${guardianConsents.playerId} = ${playerProfiles.playerId} and ${guardianConsents.state} = 'given')`.mapWith(
  (value: Date | string | null) => (value === null ? null : new Date(value)),
);

/**
 * When a profile's public time started, in SQL (as publicSince in the contract's video-expiry.ts):
 * the latest of its approval, its video date (which a renewal moves) and its guardian's consent
 * (greatest skips a null). Only meaningful for approved profiles that consent allows to be public.
 */
export const profilePublicSince = sql`greatest(${playerProfiles.reviewedAt}, coalesce(${playerProfiles.videoUploadedAt}, ${playerProfiles.submittedAt}), ${profileConsentGivenAt})`;
