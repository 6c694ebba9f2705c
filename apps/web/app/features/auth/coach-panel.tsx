import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { coachRoleLabel } from "@touchline/contract/coach-roles";
import { endorsementDetail, endorsementLine, type PlayerEndorsementView } from "@touchline/contract/coaches";
import { COACH_LINK_TTL_DAYS } from "@touchline/contract/limits";
import { COACH } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { errorText } from "../../lib/error-text.ts";
import { formatDate } from "../../lib/player-display.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { COACHES_QUERY, fetchCoaches, removeCoachAsk } from "./coach-api.ts";

// Only a player who may ask sees the form: its schema and phone rules load only for them.
const CoachForm = lazy(() => import("./coach-form.tsx"));

/** "Waiting for their answer", "Confirmed", …: where one ask stands, in a few words. */
function stateText(item: PlayerEndorsementView): string {
  if (item.state === "pending" && item.textedAt === null) return COACH.stateText.held;
  return COACH.stateText[item.state];
}

/** What else the player should know about one ask: the public line, why it ended, until when it waits. */
function note(item: PlayerEndorsementView): string | null {
  switch (item.state) {
    case "confirmed":
      return item.answeredAt && item.team && item.since
        ? `${endorsementLine({ role: item.role, club: item.club, confirmedAt: item.answeredAt })} · ${endorsementDetail({ team: item.team, since: item.since })}`
        : null;
    case "checking":
      return COACH.checkingNote;
    case "pending":
      return item.expiresAt ? `Their link works until ${formatDate(item.expiresAt)}.` : null;
    case "declined":
      return COACH.declinedNote;
    case "expired":
      return COACH.expiredNote(COACH_LINK_TTL_DAYS);
    case "revoked":
      return COACH.revokedNote(item.revokeReason ?? "");
    case "undelivered":
      return COACH.undelivered;
  }
}

function removeWarning(item: PlayerEndorsementView): string {
  if (item.state === "pending") return COACH.removeWaiting(item.coachName);
  if (item.state === "confirmed" && item.answeredAt)
    return COACH.removeConfirmed(endorsementLine({ role: item.role, club: item.club, confirmedAt: item.answeredAt }));
  return COACH.removeClosed;
}

/**
 * On the player's profile page: the coaches they asked to vouch for them, where each ask stands,
 * a way to remove any of them, and the form to ask another while they may.
 */
export function CoachPanel() {
  const queryClient = useQueryClient();
  const coaches = useQuery({ queryKey: COACHES_QUERY, queryFn: fetchCoaches });
  const remove = useApiMutation(removeCoachAsk);
  const [removing, setRemoving] = useState<PlayerEndorsementView | null>(null);
  const data = coaches.data;
  if (!data) return null;

  const confirmRemoval = async () => {
    if (!removing) return;
    try {
      const answer = await remove.mutateAsync(removing.id);
      queryClient.setQueryData(COACHES_QUERY, answer.coaches);
      toast.success(answer.message, { id: "coaches" });
    } catch (error) {
      toast.error(errorText(error), { id: "coaches" });
      void queryClient.invalidateQueries({ queryKey: COACHES_QUERY });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby="coach-panel-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="coach-panel-title" className="text-lg font-bold text-slate-900">
        {COACH.sectionTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{COACH.intro}</p>
      {data.endorsements.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{COACH.none}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {data.endorsements.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 p-3">
              <article aria-label={`${item.coachName}, ${item.club}`} className="flex flex-col gap-1">
                <p className="font-semibold break-words text-slate-900">
                  {item.coachName}
                  <span className="font-normal text-slate-700">
                    {" "}
                    · {coachRoleLabel(item.role)} at {item.club}
                  </span>
                </p>
                <p className="text-sm font-semibold text-brand-900">{stateText(item)}</p>
                {note(item) ? <p className="text-sm break-words text-slate-700">{note(item)}</p> : null}
                <div>
                  <Button
                    variant="ghost"
                    className="text-sm underline"
                    onClick={() => setRemoving(item)}
                    aria-label={`Remove ${item.coachName}`}
                  >
                    {COACH.removeButton}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {data.canAsk ? (
        <Suspense fallback={null}>
          <CoachForm />
        </Suspense>
      ) : (
        <p className="mt-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{data.cannotAskReason}</p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={COACH.removeTitle}
        confirmLabel={COACH.removeConfirm}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemoval()}
      >
        {removing ? removeWarning(removing) : ""}
      </ConfirmDialog>
    </section>
  );
}
