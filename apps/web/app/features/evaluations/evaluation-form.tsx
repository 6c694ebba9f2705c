import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  evaluationFieldsSchema,
  evaluationNoteFormSchema,
  type EvaluationFields,
  type EvaluationFieldsInput,
  type EvaluationNoteInput,
} from "@touchline/contract/evaluation-schemas";
import {
  EVALUATION_LEVELS,
  EVALUATION_NOTES_MAX,
  EVALUATION_SKILLS,
  formatClipTime,
  RATING_MAX,
  RATING_MIN,
  type EvaluationClip,
  type EvaluationView,
} from "@touchline/contract/evaluations";
import { FIELD } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { saveEvaluation, scoutEvaluationsQuery } from "./evaluation-api.ts";

type FieldValues = { [K in keyof EvaluationFieldsInput]: string };
const FIELD_NAMES = [
  ...EVALUATION_SKILLS.map((skill) => skill.value),
  "level",
  "strength1",
  "strength2",
  "strength3",
  "workOn",
] as (keyof FieldValues)[];

const RATING_OPTIONS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => {
  const value = String(RATING_MIN + index);
  return { value, label: value };
});

type NoteValues = { clipId: string; at: string; text: string };
/** A note as kept until the evaluation is sent, with the server's verdict on it, if any. */
type Note = EvaluationNoteInput & { error?: string };

function defaultsOf(own: EvaluationView | null): Partial<FieldValues> {
  if (!own) return {};
  return {
    ...Object.fromEntries(EVALUATION_SKILLS.map((skill) => [skill.value, String(own.ratings[skill.value])])),
    level: own.level,
    strength1: own.strengths[0],
    strength2: own.strengths[1],
    strength3: own.strengths[2],
    workOn: own.workOn,
  };
}

/**
 * The scout's one evaluation of a player, new or changed: a rating per skill, the level, three
 * strengths, one thing to work on, and notes pinned to a moment of a clip (checked against the
 * clip's length here, and again with the text's rules on the server). Loaded only when the
 * scout opens it.
 */
export default function EvaluationForm({
  username,
  firstName,
  own,
  clips,
  onDone,
}: {
  username: string;
  firstName: string;
  own: EvaluationView | null;
  clips: EvaluationClip[];
  onDone(): void;
}) {
  const queryClient = useQueryClient();
  const save = useApiMutation(saveEvaluation);
  const [formError, setFormError] = useState<string>();
  const [notes, setNotes] = useState<Note[]>(own?.notes ?? []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm<FieldValues, EvaluationFields>({ schema: evaluationFieldsSchema, defaultValues: defaultsOf(own) });
  const clipLabel = (id: string) => clips.find((clip) => clip.id === id)?.label ?? "Video";

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(undefined);
      try {
        const answer = await save.mutateAsync({
          username,
          body: { ...values, notes: notes.map(({ clipId, second, text }) => ({ clipId, second, text })) },
        });
        queryClient.setQueryData(scoutEvaluationsQuery(username), answer.evaluations);
        toast.success(answer.message, { id: "evaluation" });
        onDone();
      } catch (failure) {
        const unplaced = applyServerErrors(failure, FIELD_NAMES, setError);
        const noteErrors = failure instanceof ApiError ? failure.errors : {};
        const withNoteErrors = notes.map((note, index) => ({
          ...note,
          error:
            noteErrors[`notes.${index}.text`] ??
            noteErrors[`notes.${index}.second`] ??
            noteErrors[`notes.${index}.clipId`],
        }));
        setNotes(withNoteErrors);
        const noteError = withNoteErrors.some((note) => note.error) || noteErrors.notes;
        setFormError(noteError ? FIELD.fieldsToCorrect : (unplaced ?? errorText(failure)));
      }
    },
    () => setFormError(FIELD.fieldsToCorrect),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4" aria-label={`Evaluation of ${firstName}`}>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold text-slate-900">
          Skills, from {RATING_MIN} (weak) to {RATING_MAX} (excellent)
        </legend>
        {EVALUATION_SKILLS.map((skill) => (
          <SelectField
            key={skill.value}
            label={skill.label}
            placeholder="Rate…"
            options={RATING_OPTIONS}
            error={errors[skill.value]?.message}
            {...register(skill.value)}
          />
        ))}
      </fieldset>
      <SelectField
        label="Level they could play at now"
        placeholder="Choose…"
        options={EVALUATION_LEVELS}
        error={errors.level?.message}
        {...register("level")}
      />
      <TextField label="Strength 1" error={errors.strength1?.message} {...register("strength1")} />
      <TextField label="Strength 2" error={errors.strength2?.message} {...register("strength2")} />
      <TextField label="Strength 3" error={errors.strength3?.message} {...register("strength3")} />
      <TextAreaField label="One thing to work on" error={errors.workOn?.message} {...register("workOn")} />

      <section aria-labelledby="evaluation-notes-title" className="space-y-2">
        <h3 id="evaluation-notes-title" className="font-semibold text-slate-900">
          Notes on the videos ({notes.length} of {EVALUATION_NOTES_MAX})
        </h3>
        {notes.length ? (
          <ul className="space-y-2" aria-label="Your notes">
            {notes.map((note, index) => (
              <li key={index} className="rounded-lg bg-slate-50 p-2 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-slate-900">
                    {clipLabel(note.clipId)} at {formatClipTime(note.second)}: {note.text}
                  </span>
                  <Button variant="ghost" onClick={() => setNotes(notes.filter((_, at) => at !== index))}>
                    Remove note
                  </Button>
                </div>
                {note.error ? (
                  <p role="alert" className="mt-1 text-red-700">
                    {note.error}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {notes.length < EVALUATION_NOTES_MAX && clips.length ? (
          <NoteForm clips={clips} onAdd={(note) => setNotes([...notes, note])} />
        ) : null}
      </section>

      <Button type="submit" disabled={save.isPending}>
        {own ? "Save changes" : "Save evaluation"}
      </Button>
    </form>
  );
}

/** One note: a clip, a moment as m:ss within the clip's length, and the text. */
function NoteForm({ clips, onAdd }: { clips: EvaluationClip[]; onAdd(note: EvaluationNoteInput): void }) {
  const durationOf = (id: string) => clips.find((clip) => clip.id === id)?.durationSeconds ?? null;
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useSchemaForm<NoteValues, EvaluationNoteInput>({
    schema: evaluationNoteFormSchema(durationOf),
    defaultValues: { clipId: clips[0]!.id, at: "", text: "" },
  });
  // A nested form would submit the evaluation: the note is added by its own button.
  const add = handleSubmit((note) => {
    onAdd(note);
    setValue("at", "");
    setValue("text", "");
  });
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3">
      <SelectField
        label="Clip"
        options={clips.map((clip) => ({
          value: clip.id,
          label: clip.durationSeconds === null ? clip.label : `${clip.label} (${formatClipTime(clip.durationSeconds)})`,
        }))}
        error={errors.clipId?.message}
        {...register("clipId")}
      />
      <TextField
        label="Moment (m:ss)"
        inputMode="numeric"
        placeholder="0:05"
        error={errors.at?.message}
        {...register("at")}
      />
      <TextAreaField label="Note" error={errors.text?.message} {...register("text")} />
      <Button variant="secondary" onClick={() => void add()}>
        Add note
      </Button>
    </div>
  );
}
