import {
  EVALUATION_SKILLS,
  evaluationLevelLabel,
  formatClipTime,
  RATING_MAX,
  type EvaluationNote,
  type EvaluationView,
} from "@touchline/contract/evaluations";
import { formatDate } from "../../lib/player-display.ts";

const AUTHOR_KIND = { scout: "Verified scout", coach: "Coach who confirmed the player" } as const;

/**
 * One evaluation as its readers see it: who wrote it (role and organisation, never a name),
 * the ratings, the level, the strengths, what to work on and the notes. `onPlayNote` turns each
 * note into a button that plays its clip from its second; `clipLabel` names the clip.
 */
export function EvaluationCard({
  evaluation,
  clipLabel,
  onPlayNote,
  children,
}: {
  evaluation: EvaluationView;
  clipLabel(clipId: string): string;
  onPlayNote?(note: EvaluationNote): void;
  children?: React.ReactNode;
}) {
  const { author } = evaluation;
  const titleId = `evaluation-${evaluation.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg bg-slate-50 p-4 text-sm">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {author.role}, {author.organisation}
      </h3>
      <p className="text-slate-600">
        {AUTHOR_KIND[author.kind]} · {formatDate(evaluation.updatedAt)}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_auto] gap-x-4 gap-y-1 sm:max-w-sm">
        {EVALUATION_SKILLS.map((skill) => (
          <div key={skill.value} className="contents">
            <dt className="text-slate-700">{skill.label}</dt>
            <dd className="font-semibold text-slate-900">
              {evaluation.ratings[skill.value]} / {RATING_MAX}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-slate-900">
        <span className="font-semibold">Could play now at:</span> {evaluationLevelLabel(evaluation.level)}
      </p>
      <p className="mt-2 font-semibold text-slate-900">Strengths</p>
      <ul className="list-disc pl-5 text-slate-800">
        {evaluation.strengths.map((strength, index) => (
          <li key={index}>{strength}</li>
        ))}
      </ul>
      <p className="mt-2 text-slate-900">
        <span className="font-semibold">To work on:</span> {evaluation.workOn}
      </p>
      {evaluation.notes.length ? (
        <>
          <p className="mt-2 font-semibold text-slate-900">Notes on the videos</p>
          <ul className="mt-1 space-y-1">
            {evaluation.notes.map((note, index) => {
              const moment = `${clipLabel(note.clipId)} at ${formatClipTime(note.second)}`;
              return (
                <li key={index}>
                  {onPlayNote ? (
                    <button
                      type="button"
                      onClick={() => onPlayNote(note)}
                      className="text-left text-brand-700 underline"
                      aria-label={`Play ${moment}: ${note.text}`}
                    >
                      ▶ {moment}: {note.text}
                    </button>
                  ) : (
                    <span className="text-slate-800">
                      {moment}: {note.text}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {children}
    </article>
  );
}
