import type { ReactNode } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { PROFILE_FORM, PROFILE_PAGE, PROFILE_REVIEW } from "@touchline/contract/messages";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { renewProfile } from "./profile-api.ts";
import { profileQueryKey } from "./use-player-profile.ts";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { Button, buttonClass } from "../../components/button.tsx";
import { footLabel, formatDate, positionLabel } from "../../lib/player-display.ts";
import {
  PROFILE_APPROVED_LIVE,
  PROFILE_APPROVED_WAITING,
  RENEWAL,
  expiredHelpText,
} from "@touchline/contract/profile-messages";

/** /player/add-content once a profile exists: what was sent, and the way back to it. */
export function ProfileExists({ profile }: { profile: PlayerInfoResponse }) {
  const { scout } = profile;
  const rejected = scout.reviewStatus === "rejected";
  const expired = profile.isVideoExpired && !rejected;
  return (
    <section
      aria-labelledby="profile-exists"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 p-6 sm:p-8"
    >
      <h1 id="profile-exists" className="text-2xl font-bold text-slate-900">
        {PROFILE_FORM.alreadyExistsTitle}
      </h1>
      {rejected ? (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{PROFILE_REVIEW.profileRejectedTitle}</p>
          <p>{scout.rejectionReason || PROFILE_REVIEW.profileRejectedNoReason}</p>
        </div>
      ) : expired ? (
        <ExpiredNotice username={scout.username} playerId={scout.scoutId} />
      ) : (
        <p className="mt-3 text-slate-700">
          {scout.waitingForGuardian
            ? PROFILE_APPROVED_WAITING
            : scout.reviewStatus === "approved"
              ? PROFILE_APPROVED_LIVE
              : PROFILE_REVIEW.profileUnderReview}
        </p>
      )}
      <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
        <Fact term="Position" value={positionLabel(scout.position)} />
        <Fact term="Preferred foot" value={footLabel(scout.preferredFoot)} />
        <Fact term="Height" value={`${scout.heightInCm} cm`} />
        <Fact term="Weight" value={`${scout.weightInKg} kg`} />
        <Fact term="Submitted" value={formatDate(scout.submissionDate)} />
      </dl>
      <Link to="/player/profile" className={buttonClass("primary", "mt-6 w-full sm:w-auto")}>
        Back to My Profile
      </Link>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The published sentence for an expired video, the contact form filled in with the username, and
 * beside them the one tap that sends the profile back to review (approval makes it public again).
 */
function ExpiredNotice({ username, playerId }: { username: string; playerId: string }) {
  const queryClient = useQueryClient();
  const renew = useApiMutation(renewProfile);
  const onRenew = async () => {
    try {
      const { message } = await renew.mutateAsync(undefined);
      toast.success(message, { id: "profile-renew" });
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : PROFILE_PAGE.unknownError, {
        id: "profile-renew",
      });
    }
    await queryClient.invalidateQueries({ queryKey: profileQueryKey(playerId) });
  };
  return (
    <div role="alert" className="mt-3 flex flex-col gap-3 rounded-lg bg-red-50 p-3 text-red-900">
      <p className="font-medium">
        {PROFILE_FORM.videoExpired}{" "}
        <a href={`/contact?message=${encodeURIComponent(expiredHelpText(username))}#contact-form`}>Contact support</a>
      </p>
      <Button onClick={() => void onRenew()} disabled={renew.isPending} className="w-full sm:w-auto">
        {RENEWAL.button}
      </Button>
    </div>
  );
}
