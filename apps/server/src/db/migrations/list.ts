import type { Migration } from "../migrate.ts";
import { siteMigration } from "./0001_site.ts";
import { authMigration } from "./0002_auth.ts";
import { mediaProfilesMigration } from "./0003_media_profiles.ts";
import { adminMigration } from "./0004_admin.ts";
import { talentMigration } from "./0005_talent.ts";
import { uploadLocksMigration } from "./0006_upload_locks.ts";
import { deletionConfirmationMigration } from "./0007_deletion_confirmation.ts";
import { videoRenditionsMigration } from "./0008_video_renditions.ts";
import { guardianConsentMigration } from "./0009_guardian_consent.ts";
import { scoutsMigration } from "./0010_scouts.ts";
import { scoutStatesMigration } from "./0011_scout_states.ts";
import { guardianRequestLinksMigration } from "./0012_guardian_request_links.ts";
import { notificationsMigration } from "./0013_notifications.ts";
import { whereAndFullMatchMigration } from "./0014_where_and_full_match.ts";
import { ageChecksMigration } from "./0015_age_checks.ts";
import { scoutWorkspaceMigration } from "./0016_scout_workspace.ts";
import { coachEndorsementsMigration } from "./0017_coach_endorsements.ts";
import { personErasureMigration } from "./0021_person_erasure.ts";
import { heldUntilMigration } from "./0022_held_until.ts";
import { profileInterestMigration } from "./0023_profile_interest.ts";
import { playerEvaluationsMigration } from "./0024_player_evaluations.ts";
import { profileEditsMigration } from "./0025_profile_edits.ts";

/** Every migration, in the order it shipped. Add new ones at the end with the next number. */
export const MIGRATIONS: Migration[] = [
  siteMigration,
  authMigration,
  mediaProfilesMigration,
  adminMigration,
  talentMigration,
  uploadLocksMigration,
  deletionConfirmationMigration,
  videoRenditionsMigration,
  guardianConsentMigration,
  scoutsMigration,
  scoutStatesMigration,
  guardianRequestLinksMigration,
  notificationsMigration,
  whereAndFullMatchMigration,
  ageChecksMigration,
  scoutWorkspaceMigration,
  coachEndorsementsMigration,
  personErasureMigration,
  heldUntilMigration,
  profileInterestMigration,
  playerEvaluationsMigration,
  profileEditsMigration,
];
