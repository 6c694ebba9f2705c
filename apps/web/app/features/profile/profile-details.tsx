import type { ReactNode } from "react";
import { Link } from "react-router";
import { placeText } from "@touchline/contract/enums";
import { daysLeftText, PROFILE_PAGE, PROFILE_REVIEW, TALENT } from "@touchline/contract/messages";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { buttonClass } from "../../components/button.tsx";
import {
  fitnessLabel,
  footLabel,
  formatDate,
  imageSrcSet,
  imageVariant,
  positionsText,
} from "../../lib/player-display.ts";
import { PlayerVideos } from "../../components/player-videos.tsx";
import { formatPhoneInternational } from "@touchline/contract/phone";
import { Card } from "../../components/card.tsx";
import { EDIT_MY_DETAILS, waitingForGuardianText, waitingForReviewText } from "@touchline/contract/profile-messages";

/** The player's submitted profile as they see it. */
export function ProfileDetails({ profile }: { profile: PlayerInfoResponse }) {
  const { scout } = profile;
  // GetScoutById adds the videos as they play (renditions, or how far their preparation is).
  const videos = profile.videos ?? [];
  const rejected = scout.reviewStatus === "rejected";

  return (
    <div className="flex flex-col gap-6">
      <CoverBanner
        coverUrl={scout.coverPhotoPath}
        username={scout.username}
        positions={positionsText(scout.position, scout.secondaryPosition)}
      />

      {rejected ? null : (
        <p>
          <Link to="/player/profile/edit" className={buttonClass("secondary", "w-full sm:w-auto")}>
            {EDIT_MY_DETAILS}
          </Link>
        </p>
      )}

      {rejected ? (
        <section
          role="alert"
          aria-labelledby="profile-rejected"
          className="rounded-xl border border-red-300 bg-red-50 p-4 sm:p-5"
        >
          <h2 id="profile-rejected" className="font-bold text-red-900">
            {PROFILE_REVIEW.profileRejectedTitle}
          </h2>
          <p className="mt-1 text-red-800">{scout.rejectionReason || PROFILE_REVIEW.profileRejectedNoReason}</p>
          {scout.canResubmit ? <ResubmitLink /> : null}
        </section>
      ) : scout.canResubmit ? (
        <section
          aria-labelledby="profile-reopened"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
        >
          <h2 id="profile-reopened" className="font-bold text-amber-950">
            {PROFILE_REVIEW.profileReopenedTitle}
          </h2>
          <p className="mt-1 text-amber-950">
            {profile.isVideoExpired ? PROFILE_REVIEW.profileReopenedExpired : PROFILE_REVIEW.profileReopened}
          </p>
          <ResubmitLink />
        </section>
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        <Card title="Contact">
          <Facts
            items={[
              [
                "Email",
                <a href={`mailto:${scout.email}`} className="break-all text-brand-700 underline">
                  {scout.email}
                </a>,
              ],
              ["Phone", formatPhoneInternational(scout.phoneNumber)],
            ]}
          />
        </Card>
        <Card title="Physical Attributes">
          <Facts
            items={[
              ["Height", `${scout.heightInCm} cm`],
              ["Weight", `${scout.weightInKg} kg`],
              ["Preferred foot", footLabel(scout.preferredFoot)],
              ["Fitness", fitnessLabel(scout.currentFitnessStatus)],
              ["Plays in", placeText(scout) || "Not given"],
            ]}
          />
        </Card>
        <Card title="Video Status">
          <Facts
            items={[
              ["Approval", <ApprovalBadge isApproved={scout.isVideoApproved} rejected={rejected} />],
              [
                "Expiry",
                profile.isVideoExpired ? (
                  <span className="font-semibold text-red-700">{PROFILE_PAGE.expired}</span>
                ) : scout.waitingForGuardian ? (
                  // Not public before the guardian agrees: its public time starts then.
                  waitingForGuardianText(profile.daysUntilExpiration)
                ) : scout.reviewStatus === "approved" ? (
                  daysLeftText(profile.daysUntilExpiration, formatDate(profile.videoExpirationDate))
                ) : rejected ? (
                  // Not waiting for anyone: nothing happens until the player resubmits.
                  PROFILE_REVIEW.rejectedNotPublic
                ) : (
                  // The public time starts at approval: nothing counts down before.
                  waitingForReviewText(profile.daysUntilExpiration)
                ),
              ],
              ["Submitted", formatDate(scout.submissionDate)],
            ]}
          />
        </Card>
      </div>

      <section aria-labelledby="player-videos" className="flex flex-col gap-3">
        <h2 id="player-videos" className="text-xl font-bold text-slate-900">
          Player Videos
        </h2>
        <PlayerVideos videos={videos} poster={imageVariant(scout.coverPhotoPath, 640)} />
        {scout.fullMatchUrl ? (
          <p>
            <a
              href={scout.fullMatchUrl}
              rel="noopener noreferrer nofollow ugc"
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {TALENT.fullMatch}
            </a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="about-me" className="rounded-xl border border-slate-200 p-5">
        <h2 id="about-me" className="text-xl font-bold text-slate-900">
          About Me
        </h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">
          {scout.aboutYourself?.trim() ? scout.aboutYourself : PROFILE_PAGE.noBio}
        </p>
      </section>
    </div>
  );
}

/** The way into the form, prefilled, when the profile may be corrected and sent again. */
function ResubmitLink() {
  return (
    <Link to="/player/add-content" className={buttonClass("primary", "mt-3 w-full sm:w-auto")}>
      Update and resubmit
    </Link>
  );
}

function CoverBanner({ coverUrl, username, positions }: { coverUrl: string; username: string; positions: string }) {
  return (
    <header className="relative isolate flex min-h-48 items-end overflow-hidden rounded-2xl bg-brand-900 sm:min-h-72">
      <img
        src={imageVariant(coverUrl, 640)}
        srcSet={imageSrcSet(coverUrl)}
        sizes="(min-width: 1024px) 1024px, 100vw"
        alt=""
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/30 to-transparent" />
      <div className="p-5 text-white sm:p-8">
        <h1 className="text-3xl font-bold break-all sm:text-4xl">{username}</h1>
        <p className="mt-1 text-lg text-white/90">{positions}</p>
      </div>
    </header>
  );
}

function ApprovalBadge({ isApproved, rejected }: { isApproved: boolean; rejected: boolean }) {
  if (isApproved)
    return (
      <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-900">
        {PROFILE_PAGE.approved}
      </span>
    );
  if (rejected)
    return (
      <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900">
        {PROFILE_REVIEW.profileRejectedStatus}
      </span>
    );
  return (
    <span className="rounded-full bg-accent-400/30 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
      {PROFILE_PAGE.pending}
    </span>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-slate-600">{term}</dt>
          <dd className="min-w-0 text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
