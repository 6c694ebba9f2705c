import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import {
  formatClipTime,
  type EvaluationNote,
  type PlayerEvaluations as Evaluations,
} from "@touchline/contract/evaluations";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { errorText } from "../../lib/error-text.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { EvaluationCard } from "./evaluation-card.tsx";
import { fetchPlayerEvaluations, PLAYER_EVALUATIONS_QUERY, setEvaluationHidden } from "./evaluation-api.ts";
import type { Playing } from "./note-player.tsx";

// The clip player and the report form load when the player asks for them: the list is what
// the page shows, and its first load stays as light as the coaches' panel beside it.
const NotePlayer = lazy(() => import("./note-player.tsx"));
const ReportForm = lazy(() => import("./report-form.tsx"));

const sectionClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * On the player's profile page: every evaluation of them by verified scouts and coaches, with
 * each author's role and organisation. A note plays its clip from its second; the player hides
 * an evaluation from scouts (it still counts on the public page) or reports it to our team.
 */
export function PlayerEvaluations() {
  const query = useQuery({ queryKey: PLAYER_EVALUATIONS_QUERY, queryFn: fetchPlayerEvaluations });
  const queryClient = useQueryClient();
  const hide = useApiMutation(setEvaluationHidden);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const [hiding, setHiding] = useState<string | null>(null);
  const data = query.data;
  if (!data || data.evaluations.length === 0) return null;

  const clipIndex = (id: string) => data.clips.findIndex((clip) => clip.id === id);
  const clipLabel = (id: string) => (data.clips.length > 1 ? `Video ${clipIndex(id) + 1}` : "Video");
  const play = (note: EvaluationNote) => {
    const clip = data.clips[clipIndex(note.clipId)];
    if (clip)
      setPlaying({ clip, second: note.second, label: `${clipLabel(note.clipId)} at ${formatClipTime(note.second)}` });
  };
  const changed = (answer: { message: string; evaluations: Evaluations }) => {
    queryClient.setQueryData(PLAYER_EVALUATIONS_QUERY, answer.evaluations);
    toast.success(answer.message, { id: "evaluation" });
  };
  const setHidden = async (id: string, hidden: boolean) => {
    try {
      changed(await hide.mutateAsync({ id, hidden }));
    } catch (failure) {
      toast.error(errorText(failure), { id: "evaluation" });
    }
    setHiding(null);
  };

  return (
    <section aria-labelledby="player-evaluations-title" className={sectionClass}>
      <h2 id="player-evaluations-title" className="text-lg font-bold text-slate-900">
        Evaluations of your skills
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Written by verified scouts and coaches who confirmed you. Other verified scouts see those you do not hide; the
        public sees only how many there are.
      </p>
      <Suspense fallback={null}>
        {playing ? <NotePlayer key={`${playing.clip.id}:${playing.second}`} playing={playing} /> : null}
      </Suspense>
      <div className="mt-3 space-y-3">
        {data.evaluations.map((evaluation) => (
          <EvaluationCard key={evaluation.id} evaluation={evaluation} clipLabel={clipLabel} onPlayNote={play}>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="ghost"
                disabled={hide.isPending}
                onClick={() => (evaluation.hidden ? void setHidden(evaluation.id, false) : setHiding(evaluation.id))}
              >
                {evaluation.hidden ? "Show to scouts again" : "Hide from scouts"}
              </Button>
              {evaluation.reported ? (
                <p className="self-center text-sm text-slate-600">Reported: our team will read it.</p>
              ) : reporting === evaluation.id ? null : (
                <Button variant="ghost" onClick={() => setReporting(evaluation.id)}>
                  Report
                </Button>
              )}
            </div>
            {evaluation.hidden ? <p className="mt-1 text-sm text-slate-600">Hidden from scouts.</p> : null}
            {reporting === evaluation.id && !evaluation.reported ? (
              <Suspense fallback={null}>
                <ReportForm
                  id={evaluation.id}
                  onDone={(answer) => {
                    setReporting(null);
                    if (answer) changed(answer);
                  }}
                />
              </Suspense>
            ) : null}
          </EvaluationCard>
        ))}
      </div>
      <ConfirmDialog
        open={hiding !== null}
        title="Hide this evaluation from scouts?"
        confirmLabel="Hide from scouts"
        busy={hide.isPending}
        onConfirm={() => hiding && void setHidden(hiding, true)}
        onCancel={() => setHiding(null)}
      >
        Other verified scouts will not see it. You still do, and it still counts on your public page. You can show it
        again at any time.
      </ConfirmDialog>
    </section>
  );
}
