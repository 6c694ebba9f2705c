import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { evaluationReportSchema } from "@touchline/contract/evaluation-schemas";
import {
  formatClipTime,
  type EvaluationClipVideo,
  type EvaluationNote,
  type PlayerEvaluations as Evaluations,
} from "@touchline/contract/evaluations";
import { Button } from "../../components/button.tsx";
import { TextAreaField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { VIDEO_CLASS } from "../../components/plain-videos.ts";
import { errorText } from "../../lib/error-text.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { browserConnection, chooseRendition, posterOf, readRememberedQuality } from "../../lib/video-choice.ts";
import { EvaluationCard } from "./evaluation-card.tsx";
import {
  fetchPlayerEvaluations,
  PLAYER_EVALUATIONS_QUERY,
  reportEvaluation,
  setEvaluationHidden,
} from "./evaluation-api.ts";

const sectionClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/** What a tapped note plays: the clip, and the second to start from. */
interface Playing {
  clip: EvaluationClipVideo;
  second: number;
  label: string;
}

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

  return (
    <section aria-labelledby="player-evaluations-title" className={sectionClass}>
      <h2 id="player-evaluations-title" className="text-lg font-bold text-slate-900">
        Evaluations of your skills
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Written by verified scouts and coaches who confirmed you. Other verified scouts see those you do not hide; the
        public sees only how many there are.
      </p>
      {playing ? <NotePlayer key={`${playing.clip.id}:${playing.second}`} playing={playing} /> : null}
      <div className="mt-3 space-y-3">
        {data.evaluations.map((evaluation) => (
          <EvaluationCard key={evaluation.id} evaluation={evaluation} clipLabel={clipLabel} onPlayNote={play}>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="ghost"
                disabled={hide.isPending}
                onClick={async () => {
                  try {
                    changed(await hide.mutateAsync({ id: evaluation.id, hidden: !evaluation.hidden }));
                  } catch (failure) {
                    toast.error(errorText(failure), { id: "evaluation" });
                  }
                }}
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
              <ReportForm
                id={evaluation.id}
                onDone={(answer) => {
                  setReporting(null);
                  if (answer) changed(answer);
                }}
              />
            ) : null}
          </EvaluationCard>
        ))}
      </div>
    </section>
  );
}

/** The clip a note points to, playing from the note's second. */
function NotePlayer({ playing }: { playing: Playing }) {
  const ref = useRef<HTMLVideoElement>(null);
  const rendition = chooseRendition(playing.clip.renditions, browserConnection(), readRememberedQuality());
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const start = () => {
      video.currentTime = playing.second;
      void video.play().catch(() => undefined);
    };
    if (video.readyState >= 1) start();
    else video.addEventListener("loadedmetadata", start, { once: true });
    video.scrollIntoView?.({ block: "nearest" });
    return () => video.removeEventListener("loadedmetadata", start);
  }, [playing]);
  if (!rendition) return <FormAlert>This video is not ready to play.</FormAlert>;
  return (
    <figure className="mt-3">
      <video
        ref={ref}
        className={VIDEO_CLASS}
        src={rendition.url}
        poster={posterOf(playing.clip.posters)}
        controls
        playsInline
        preload="metadata"
        aria-label={`Playing ${playing.label}`}
      />
      <figcaption className="mt-1 text-sm text-slate-700">{playing.label}</figcaption>
    </figure>
  );
}

function ReportForm({
  id,
  onDone,
}: {
  id: string;
  onDone(answer: { message: string; evaluations: Evaluations } | null): void;
}) {
  const report = useApiMutation(reportEvaluation);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm<{ reason: string }>({ schema: evaluationReportSchema, defaultValues: { reason: "" } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    setFormError(undefined);
    try {
      onDone(await report.mutateAsync({ id, reason }));
    } catch (failure) {
      setFormError(applyServerErrors(failure, ["reason"], setError) ?? undefined);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-2">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextAreaField
        label="What is wrong with this evaluation?"
        hint="Only our team reads this."
        error={errors.reason?.message}
        {...register("reason")}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" disabled={report.isPending}>
          Send report
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
