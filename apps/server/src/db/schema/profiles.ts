import { sql } from "drizzle-orm";
import { boolean, date, doublePrecision, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
   * When the player last changed what the public sees after submitting (migration 0025): facts
   * they corrected, or a reviewed change staff approved. Null: never changed.
   */
  editedAt: ts("edited_at"),
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
 * What waits for staff on an approved profile (migration 0025): a new text, link or media, while
 * the approved ones stay public. Null columns are unchanged; a rejected change keeps its reason only.
 */
export const profileChanges = pgTable("profile_changes", {
  profileId: uuid("profile_id")
    .primaryKey()
    .references(() => playerProfiles.id, { onDelete: "cascade" }),
  state: text("state", { enum: ["pending", "rejected"] })
    .notNull()
    .default("pending"),
  about: text("about"),
  fullMatchUrl: text("full_match_url"),
  /** The link is part of the change (fullMatchUrl null then means "remove it"). */
  fullMatchUrlChanged: boolean("full_match_url_changed").notNull().default(false),
  coverFileId: uuid("cover_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
  videoFileId: uuid("video_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
  videoTwoFileId: uuid("video_two_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
  submittedAt: ts("submitted_at").notNull(),
  decidedAt: ts("decided_at"),
  decidedBy: uuid("decided_by").references(() => players.id, { onDelete: "set null" }),
  rejectionReason: text("rejection_reason"),
});

export type ProfileChange = typeof profileChanges.$inferSelect;

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
