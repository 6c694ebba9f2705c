import * as z from "zod/mini";
import { noContactDetails } from "./contact-details.ts";
import {
  EVALUATION,
  EVALUATION_LEVEL_VALUES,
  EVALUATION_NOTE_MAX,
  EVALUATION_NOTES_MAX,
  EVALUATION_REMOVE_REASON_MAX,
  EVALUATION_REPORT_REASON_MAX,
  EVALUATION_SKILLS,
  EVALUATION_STRENGTH_MAX,
  EVALUATION_WORK_ON_MAX,
  parseClipTime,
  RATING_MAX,
  RATING_MIN,
  type EvaluationSkill,
} from "./evaluations.ts";
import { addIssue } from "./issue.ts";
import { displayText } from "./text.ts";

/** Free text about a player: cleaned, limited, and without a way to reach anyone outside Touchline. */
const writtenAbout = (required: string, max: number) =>
  displayText({ required, max, multiline: true }).check(noContactDetails());

/** 1-5, sent as a number (the API) or the digit a radio button holds (the form). */
const ratingField = (label: string) => {
  const message = EVALUATION.ratingRequired(label);
  return z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value: number | string, ctx) => {
      const rating = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
      if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) {
        addIssue(ctx, message);
        return z.NEVER;
      }
      return rating;
    }),
  );
};

const ratingFields = Object.fromEntries(EVALUATION_SKILLS.map((skill) => [skill.value, ratingField(skill.label)])) as {
  [K in EvaluationSkill]: ReturnType<typeof ratingField>;
};

/** A note pinned to a second of one of the player's clips; the server checks the clip and its length. */
export const evaluationNoteSchema = z.object({
  clipId: z.string({ error: EVALUATION.noteClipRequired }).check(z.minLength(1, EVALUATION.noteClipRequired)),
  second: z.int({ error: EVALUATION.noteTimeInvalid }).check(z.gte(0, EVALUATION.noteTimeInvalid)),
  text: writtenAbout(EVALUATION.noteRequired, EVALUATION_NOTE_MAX),
});
export type EvaluationNoteInput = z.input<typeof evaluationNoteSchema>;

/** The evaluation's own fields, flat, as the form has them (one field per rating and strength). */
export const evaluationFieldsSchema = z.object({
  ...ratingFields,
  level: z.enum(EVALUATION_LEVEL_VALUES, { error: EVALUATION.levelRequired }),
  strength1: writtenAbout(EVALUATION.strengthRequired, EVALUATION_STRENGTH_MAX),
  strength2: writtenAbout(EVALUATION.strengthRequired, EVALUATION_STRENGTH_MAX),
  strength3: writtenAbout(EVALUATION.strengthRequired, EVALUATION_STRENGTH_MAX),
  workOn: writtenAbout(EVALUATION.workOnRequired, EVALUATION_WORK_ON_MAX),
});
export type EvaluationFieldsInput = z.input<typeof evaluationFieldsSchema>;
export type EvaluationFields = z.output<typeof evaluationFieldsSchema>;

/** PUT /api/scouts/players/:username/evaluation (and a coach's): writes or replaces the author's one evaluation. */
export const evaluationSchema = z.extend(evaluationFieldsSchema, {
  notes: z._default(
    z.array(evaluationNoteSchema).check(z.maxLength(EVALUATION_NOTES_MAX, EVALUATION.tooManyNotes)),
    [],
  ),
});
export type EvaluationInput = z.input<typeof evaluationSchema>;
export type Evaluation = z.output<typeof evaluationSchema>;

/**
 * The note form in the page: the moment typed as m:ss. `durationOf` gives the chosen clip's
 * length when known, so a moment past its end is refused beside the field before sending.
 */
export function evaluationNoteFormSchema(durationOf: (clipId: string) => number | null) {
  // Each rule is a check of its own (not a step after the others), so a moment past the clip's
  // end and a contact detail in the text are both said at once, each beside its field.
  const fields = z
    .object({
      clipId: z.string().check(z.minLength(1, EVALUATION.noteClipRequired)),
      at: z.string().check(z.refine((at) => parseClipTime(at) !== null, EVALUATION.noteTimeInvalid)),
      text: writtenAbout(EVALUATION.noteRequired, EVALUATION_NOTE_MAX),
    })
    .check(
      z.superRefine((note, ctx) => {
        const second = parseClipTime(note.at);
        const duration = durationOf(note.clipId);
        if (second !== null && duration !== null && second > Math.floor(duration))
          ctx.addIssue({ code: "custom", message: EVALUATION.noteTimeBeyond(duration), path: ["at"], input: note });
      }),
    );
  return z.pipe(
    fields,
    z.transform((note: z.output<typeof fields>) => ({
      clipId: note.clipId,
      second: parseClipTime(note.at) ?? 0,
      text: note.text,
    })),
  );
}

/** POST /api/player/evaluations/:id/hidden. */
export const evaluationHiddenSchema = z.object({ hidden: z.boolean() });

/** POST /api/player/evaluations/:id/report. */
export const evaluationReportSchema = z.object({
  reason: displayText({
    required: EVALUATION.reportReasonRequired,
    max: EVALUATION_REPORT_REASON_MAX,
    multiline: true,
  }),
});

/** POST /api/admin/evaluations/:id/remove: staff say why, for the audit log. */
export const evaluationRemoveSchema = z.object({
  reason: displayText({
    required: EVALUATION.removeReasonRequired,
    max: EVALUATION_REMOVE_REASON_MAX,
    multiline: true,
  }),
});
