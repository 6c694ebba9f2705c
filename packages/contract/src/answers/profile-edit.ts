import * as z from "zod/mini";
import { FITNESS_VALUES, POSITION_VALUES, PREFERRED_FOOT_VALUES, PROVINCE_VALUES } from "../enums.ts";
import type { PendingProfileChange, ProfileChangeItem, ProfileEditAnswer, ProfileEditView } from "../profile-edit.ts";
import { pageOf, videoViewSchema, type AnswerSchema } from "./common.ts";

const pendingChangeSchema: AnswerSchema<PendingProfileChange> = z.object({
  aboutYourself: z.nullable(z.string()),
  fullMatchUrlChanged: z.boolean(),
  fullMatchUrl: z.nullable(z.string()),
  coverPhotoPath: z.nullable(z.string()),
  videoPath: z.nullable(z.string()),
  videoPathTwo: z.nullable(z.string()),
  videos: z.array(videoViewSchema),
  submittedAt: z.string(),
});

/** GET /api/player/profile/edit. */
export const profileEditViewSchema: AnswerSchema<ProfileEditView> = z.object({
  details: z.object({
    currentFitnessStatus: z.enum(FITNESS_VALUES),
    heightInCm: z.number(),
    weightInKg: z.number(),
    position: z.enum(POSITION_VALUES),
    secondaryPosition: z.nullable(z.enum(POSITION_VALUES)),
    preferredFoot: z.enum(PREFERRED_FOOT_VALUES),
    province: z.nullable(z.enum(PROVINCE_VALUES)),
    town: z.nullable(z.string()),
  }),
  aboutYourself: z.string(),
  fullMatchUrl: z.nullable(z.string()),
  coverPhotoPath: z.string(),
  videoPath: z.string(),
  videoPathTwo: z.nullable(z.string()),
  reviewStatus: z.enum(["pending", "approved", "rejected"]),
  editedAt: z.nullable(z.string()),
  pending: z.nullable(pendingChangeSchema),
  lastRejection: z.nullable(z.object({ reason: z.string(), decidedAt: z.string() })),
  canSendChanges: z.boolean(),
});

/** PUT /api/player/profile/details, POST and DELETE /api/player/profile/changes. */
export const profileEditAnswerSchema: AnswerSchema<ProfileEditAnswer> = z.object({
  message: z.string(),
  edit: profileEditViewSchema,
});

export const profileChangeItemSchema: AnswerSchema<ProfileChangeItem> = z.object({
  profileId: z.string(),
  playerId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  current: z.object({
    aboutYourself: z.string(),
    fullMatchUrl: z.nullable(z.string()),
    coverPhotoPath: z.string(),
    videoPath: z.string(),
    videoPathTwo: z.nullable(z.string()),
  }),
  change: pendingChangeSchema,
  mediaReady: z.boolean(),
});

/** GET /api/admin/profile-changes. */
export const profileChangePageSchema = pageOf(profileChangeItemSchema);
