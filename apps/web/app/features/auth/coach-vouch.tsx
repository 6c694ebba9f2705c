import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type * as z from "zod/mini";
import { coachRoleLabel } from "@touchline/contract/coach-roles";
import { coachYesSchema, type CoachYesInput } from "@touchline/contract/coach-schemas";
import { MONTH_OPTIONS, type CoachAskView } from "@touchline/contract/coaches";
import { placeText } from "@touchline/contract/enums";
import { COACH_SINCE_EARLIEST_YEAR } from "@touchline/contract/limits";
import { COACH_PAGE } from "@touchline/contract/messages";
import { AGE_BANDS, coverVariant, publicName } from "@touchline/contract/talent";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { SelectField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { positionsText } from "../../lib/player-display.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { answerCoachAsk, coachTokenOf, viewCoachAsk } from "./coach-api.ts";

const YES_FIELDS = ["team", "sinceMonth", "sinceYear"] as const;

/** This year back to the earliest a coach may name, newest first. */
function yearOptions(today = new Date()) {
  const years: { value: string; label: string }[] = [];
  for (let year = today.getFullYear(); year >= COACH_SINCE_EARLIEST_YEAR; year--)
    years.push({ value: String(year), label: String(year) });
  return years;
}

/** The player as the public sees them: photo, name, positions, age and where they play. */
function PlayerSummary({ player }: { player: CoachAskView["player"] }) {
  const photo = coverVariant(player.cover, 320);
  const place = placeText(player);
  return (
    <figure className="mt-4 flex items-center gap-4 rounded-xl border border-slate-200 p-3">
      {photo ? (
        <img
          src={photo.url}
          width={photo.width}
          height={photo.height}
          alt={`Photo of ${publicName(player)}`}
          className="h-24 w-24 shrink-0 rounded-lg object-cover"
        />
      ) : null}
      <figcaption className="min-w-0 text-sm text-slate-700">
        <p className="text-lg font-bold break-words text-slate-900">{publicName(player)}</p>
        <p className="font-medium text-brand-700">{positionsText(player.position, player.secondaryPosition)}</p>
        <p>{player.age === null ? AGE_BANDS[player.ageBand ?? "under-18"] : `${player.age} years`}</p>
        {place ? <p className="break-words">{place}</p> : null}
      </figcaption>
    </figure>
  );
}

/** A yes: the team and since when. */
function YesForm({ token, onAnswered }: { token: string; onAnswered(message: string): void }) {
  const answer = useApiMutation(answerCoachAsk);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<CoachYesInput, z.output<typeof coachYesSchema>>({
    schema: coachYesSchema,
    defaultValues: { team: "", sinceMonth: "", sinceYear: "" },
  });

  const onSubmit = handleSubmit(async ({ team, since }) => {
    setFormError(undefined);
    const [year, month] = since.split("-");
    try {
      const answered = await answer.mutateAsync({
        token,
        answer: "yes",
        team,
        sinceMonth: String(Number(month)),
        sinceYear: year,
      });
      onAnswered(answered.message);
    } catch (error) {
      setFormError(applyServerErrors(error, YES_FIELDS, setError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Yes, they play for us" className="mt-6 flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label={COACH_PAGE.teamLabel}
        hint={COACH_PAGE.teamHint}
        autoComplete="off"
        error={errors.team?.message}
        {...register("team")}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">{COACH_PAGE.sinceLegend}</legend>
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={COACH_PAGE.sinceMonthLabel}
            options={MONTH_OPTIONS}
            placeholder="Month"
            error={errors.sinceMonth?.message}
            {...register("sinceMonth")}
          />
          <SelectField
            label={COACH_PAGE.sinceYearLabel}
            options={yearOptions()}
            placeholder="Year"
            error={errors.sinceYear?.message}
            {...register("sinceYear")}
          />
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Sending…" : COACH_PAGE.yesButton}
        </Button>
      </div>
    </form>
  );
}

/** A no: one button, then a confirmation that says what the player is told. */
function NoAnswer({
  token,
  firstName,
  onAnswered,
}: {
  token: string;
  firstName: string;
  onAnswered(message: string): void;
}) {
  const answer = useApiMutation(answerCoachAsk);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const sayNo = async () => {
    setError(undefined);
    try {
      onAnswered((await answer.mutateAsync({ token, answer: "no" })).message);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {COACH_PAGE.noButton}
      </Button>
      <ConfirmDialog
        open={asking}
        title={COACH_PAGE.noTitle}
        confirmLabel={COACH_PAGE.noConfirm}
        busy={answer.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void sayNo()}
      >
        {COACH_PAGE.noWarning(firstName)}
      </ConfirmDialog>
    </div>
  );
}

/**
 * /coach#vouch=…: the page a coach opens from our SMS. It says who asks and what they claimed,
 * shows the player as the public sees them, and takes one answer: yes with the team and since
 * when, or no. No account is needed; the link works once.
 */
export function CoachVouch() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(coachTokenOf(window.location.hash)), []);
  const [answered, setAnswered] = useState<string | null>(null);
  const ask = useQuery({
    queryKey: ["coach-ask", token],
    queryFn: () => viewCoachAsk(token!),
    enabled: Boolean(token) && answered === null,
    retry: false,
  });

  if (answered)
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Thank you</h1>
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
          {answered}
        </p>
      </>
    );
  if (token === undefined || (token && ask.isPending)) return <p className="text-slate-600">Loading…</p>;
  if (token === null || ask.isError) {
    const message = ask.error instanceof ApiError && ask.error.status !== 404 ? ask.error.message : null;
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{COACH_PAGE.pageTitle}</h1>
        <div className="mt-4">
          <FormAlert>{message ?? COACH_PAGE.linkInvalid}</FormAlert>
        </div>
      </>
    );
  }
  const view = ask.data!;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{COACH_PAGE.pageTitle}</h1>
      <p className="mt-2 text-slate-700">{COACH_PAGE.greeting(view.coachName)}</p>
      <p className="mt-2 break-words text-slate-700">
        {COACH_PAGE.claim(publicName(view.player), coachRoleLabel(view.role), view.club)}
      </p>
      <PlayerSummary player={view.player} />
      <p className="mt-4 text-sm text-slate-700">{COACH_PAGE.whatIsShown}</p>
      <YesForm token={token} onAnswered={setAnswered} />
      <NoAnswer token={token} firstName={view.player.firstName} onAnswered={setAnswered} />
    </>
  );
}
