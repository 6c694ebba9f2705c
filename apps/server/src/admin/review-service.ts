import {
  ADMIN_PAGE_SIZE,
  rejectionReasonText,
  REJECTION_REASONS,
  type RejectProfileBody,
  type ReviewFilter,
  type ReviewItem,
  type ReviewListResponse,
} from "@touchline/contract/admin";
import { ageOn } from "@touchline/contract/auth";
import { ADMIN } from "@touchline/contract/messages";
import { mediaUrl } from "@touchline/contract/profile";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { isUuid } from "../http/uuid-params.ts";
import { profileExpiry, videoExpiry, waitsForGuardian } from "@touchline/contract/video-expiry";
import { recordAudit, type Actor } from "./audit.ts";
import { needsGuardianConsent } from "@touchline/contract/guardian";
import type { Notice, NotificationService } from "../notifications/notification-service.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { approvalParams } from "../auth/public-moment.ts";
import { readPublicMoment } from "../auth/public-moment-store.ts";
import {
  createProfileReviewStore,
  type DecisionAllowedWhen,
  type ProfileDecision,
  type ProfileReviewRow,
} from "../players/profile-review-store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewServiceDeps {
  db: Database;
  now: () => Date;
  videoExpiryDays: number;
  /** Tells the player of each decision (omitted by the demo seed, whose players are made up). */
  notifications?: NotificationService;
}

/** What the player is told of a decision, read in its transaction; null: nothing yet. */
type PlayerNotice = (to: Notice["to"] & { accountId: string }, tx: Database) => Promise<Notice | null> | Notice;

/**
 * The review queue and the staff decisions on a profile. Every decision is one conditional
 * UPDATE plus its audit entry in one transaction, so two staff acting at once cannot both win:
 * the second finds the profile no longer in a state the action applies to and gets a 409.
 */
export function createReviewService({ db, now, videoExpiryDays, notifications }: ReviewServiceDeps) {
  /** The date from which an approved profile counts as expired: its public time started at or before it. */
  const expiryCutoff = () => new Date(now().getTime() - videoExpiryDays * DAY_MS);
  const store = createProfileReviewStore(db);

  const toItem = ({
    profile,
    player,
    reviewerUsername,
    consentState,
    consentDecidedAt,
  }: ProfileReviewRow): ReviewItem => {
    const needsConsent = needsGuardianConsent(player.dateOfBirth, now());
    const consentGiven = consentState === "given";
    const expiry = profileExpiry(
      {
        ...profile,
        consentGivenAt: consentGiven ? consentDecidedAt : null,
        waitingForGuardian: waitsForGuardian(profile.reviewStatus, needsConsent, consentGiven),
      },
      videoExpiryDays,
      now(),
    );
    return {
      profileId: profile.id,
      playerId: player.id,
      username: player.username,
      firstName: player.firstName,
      lastName: player.lastName,
      age: ageOn(player.dateOfBirth, now()),
      position: profile.position,
      secondaryPosition: profile.secondaryPosition,
      preferredFoot: profile.preferredFoot,
      heightInCm: profile.heightCm,
      weightInKg: profile.weightKg,
      currentFitnessStatus: profile.fitness,
      aboutYourself: profile.about,
      province: profile.province,
      town: profile.town,
      fullMatchUrl: profile.fullMatchUrl,
      coverPhotoPath: mediaUrl(profile.coverFileId),
      videoPath: mediaUrl(profile.videoFileId),
      videoPathTwo: profile.videoTwoFileId ? mediaUrl(profile.videoTwoFileId) : null,
      submissionDate: profile.submittedAt.toISOString(),
      videoUploadDate: profile.videoUploadedAt?.toISOString() ?? null,
      reviewStatus: profile.reviewStatus,
      rejectionReason: profile.rejectionReason,
      reviewedAt: profile.reviewedAt?.toISOString() ?? null,
      reviewedBy: reviewerUsername,
      isVideoExpired: expiry.isVideoExpired,
      videoExpirationDate: expiry.videoExpirationDate,
      reuploadAllowed: profile.reuploadAllowedAt !== null,
      guardianConsent: needsConsent ? (consentState ?? "none") : null,
    };
  };

  const getItem = async (profileId: string): Promise<ReviewItem | null> => {
    if (!isUuid(profileId)) return null;
    const row = await store.find(profileId);
    return row ? toItem(row) : null;
  };

  /**
   * Applies set to the profile when allowed holds, with its audit entry; otherwise answers 404
   * for an unknown profile and 409 (conflict) for one in the wrong state.
   */
  const decide = async (
    profileId: string,
    actor: Actor,
    change: {
      set: ProfileDecision;
      allowed: DecisionAllowedWhen;
      conflict: string;
      audit: { action: Parameters<typeof recordAudit>[2]["action"]; detail?: string | null };
      /** What the player is told, in the same transaction as the decision. */
      notice?: PlayerNotice;
    },
  ): Promise<ReviewItem> => {
    if (!isUuid(profileId)) throw new HttpError(404, ADMIN.profileNotFound);
    const at = now();
    const changed = await db.transaction(async (tx) => {
      const playerId = await createProfileReviewStore(tx).decide(profileId, change.set, change.allowed, at);
      if (playerId === null) return false;
      if (notifications && change.notice) {
        const player = await createPlayerStore(tx, now).byId(playerId);
        if (player) {
          const to = {
            role: "player" as const,
            accountId: playerId,
            name: `${player.firstName} ${player.lastName}`,
            phone: player.phoneNumber,
            email: player.email,
          };
          const notice = await change.notice(to, tx);
          if (notice) await notifications.notify(tx, [notice]);
        }
      }
      await recordAudit(
        tx,
        actor,
        { action: change.audit.action, targetType: "profile", targetId: profileId, detail: change.audit.detail },
        at,
      );
      return true;
    });
    const item = await getItem(profileId);
    if (!item) throw new HttpError(404, ADMIN.profileNotFound);
    if (!changed) throw new HttpError(409, change.conflict);
    return item;
  };

  return {
    async list(status: ReviewFilter, page: number): Promise<ReviewListResponse> {
      const { rows, total } = await store.list(status, expiryCutoff(), ADMIN_PAGE_SIZE, page);
      return { items: rows.map(toItem), total, page, pageSize: ADMIN_PAGE_SIZE };
    },

    get: getItem,

    approve(profileId: string, actor: Actor): Promise<ReviewItem> {
      const at = now();
      return decide(profileId, actor, {
        set: { reviewStatus: "approved", reviewedAt: at, reviewedBy: actor.id, rejectionReason: null },
        allowed: "not-approved",
        conflict: ADMIN.alreadyApproved,
        audit: { action: "review.approved" },
        // One message when the profile is public with its video, or waits for a minor's guardian;
        // a video still being prepared sends it when it is ready.
        notice: async (to, tx) => {
          const params = approvalParams(await readPublicMoment(tx, to.accountId, at), videoExpiryDays);
          return params ? { event: "profile-approved", params, to } : null;
        },
      });
    },

    reject(profileId: string, actor: Actor, body: RejectProfileBody): Promise<ReviewItem> {
      const at = now();
      const reason = rejectionReasonText(body.reasonCode, body.reasonText);
      const label = REJECTION_REASONS.find((r) => r.value === body.reasonCode)!.label;
      return decide(profileId, actor, {
        set: { reviewStatus: "rejected", reviewedAt: at, reviewedBy: actor.id, rejectionReason: reason },
        allowed: "not-rejected",
        conflict: ADMIN.alreadyRejected,
        audit: { action: "review.rejected", detail: body.reasonText ? `${label}: ${body.reasonText.trim()}` : label },
        notice: (to) => ({ event: "profile-rejected", params: {}, to }),
      });
    },

    /** A new expiry period from now: the video upload date is what the expiry counts from. */
    renew(profileId: string, actor: Actor): Promise<ReviewItem> {
      const at = now();
      return decide(profileId, actor, {
        set: { videoUploadedAt: at },
        allowed: "approved",
        conflict: ADMIN.renewNotApproved,
        audit: {
          action: "review.renewed",
          detail: `New expiry: ${videoExpiry(at, videoExpiryDays, at).videoExpirationDate}`,
        },
      });
    },

    /** The player may submit again (CreateNewScout replaces the profile); until then it stays as it is. */
    allowReupload(profileId: string, actor: Actor): Promise<ReviewItem> {
      return decide(profileId, actor, {
        set: { reuploadAllowedAt: now() },
        allowed: "not-rejected-nor-editable",
        conflict: ADMIN.alreadyEditable,
        audit: { action: "review.reupload-allowed" },
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
