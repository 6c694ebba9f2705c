import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type * as z from "zod/mini";
import { COACH_ROLES } from "@touchline/contract/coach-roles";
import { coachAskSchema, type CoachAskInput } from "@touchline/contract/coach-schemas";
import { COACH } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { SelectField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { askCoach, COACHES_QUERY } from "./coach-api.ts";
import { PhoneNumberField } from "./phone-number-field.tsx";

const FIELDS = ["coachName", "club", "role", "coachPhone"] as const;
const ROLE_OPTIONS = COACH_ROLES.map(({ value, label }) => ({ value, label }));

/** Names a coach or club official and texts them the link to vouch for the player. */
export default function CoachForm() {
  const queryClient = useQueryClient();
  const ask = useApiMutation(askCoach);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm<CoachAskInput, z.output<typeof coachAskSchema>>({
    schema: coachAskSchema,
    defaultValues: { coachName: "", club: "", role: "" as CoachAskInput["role"], coachPhone: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await ask.mutateAsync(values);
      queryClient.setQueryData(COACHES_QUERY, answer.coaches);
      toast.success(answer.message, { id: "coaches" });
      reset();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Ask a coach" className="mt-4 flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label={COACH.nameLabel}
        autoComplete="off"
        error={errors.coachName?.message}
        {...register("coachName")}
      />
      <TextField label={COACH.clubLabel} autoComplete="off" error={errors.club?.message} {...register("club")} />
      <SelectField
        label={COACH.roleLabel}
        options={ROLE_OPTIONS}
        placeholder="Choose a role"
        error={errors.role?.message}
        {...register("role")}
      />
      <PhoneNumberField
        label={COACH.phoneLabel}
        autoComplete="off"
        error={errors.coachPhone?.message}
        {...register("coachPhone")}
      />
      <div>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Sending…" : COACH.askButton}
        </Button>
      </div>
    </form>
  );
}
