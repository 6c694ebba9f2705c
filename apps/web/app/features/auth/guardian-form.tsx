import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { toast } from "../../lib/toast.ts";
import type * as z from "zod/mini";
import { guardianDetailsSchema, type GuardianDetailsInput } from "@touchline/contract/registration";
import { GUARDIAN, type PlayerGuardianStatus } from "@touchline/contract/guardian";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { GUARDIAN_QUERY, nameGuardian } from "./guardian-api.ts";
import { PhoneNumberField } from "./phone-number-field.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";

/** Names the player's parent or guardian (or another one) and texts them a new link. */
export default function GuardianForm({ current }: { current: PlayerGuardianStatus }) {
  const queryClient = useQueryClient();
  const save = useApiMutation(nameGuardian);
  const [open, setOpen] = useState(current.state === "none");
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<GuardianDetailsInput, z.output<typeof guardianDetailsSchema>>({
    schema: guardianDetailsSchema,
    defaultValues: { guardianName: current.guardianName ?? "", guardianPhone: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await save.mutateAsync(values);
      toast.success(answer.message ?? GUARDIAN.invitationSent, { id: "guardian" });
      queryClient.setQueryData(GUARDIAN_QUERY, { guardian: answer.guardian });
      setOpen(false);
    } catch (error) {
      setFormError(applyServerErrors(error, ["guardianName", "guardianPhone"], setError));
    }
  });

  if (!open)
    return (
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        Send the link again or change who we ask
      </Button>
    );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="Parent's or guardian's name"
        error={errors.guardianName?.message}
        {...register("guardianName")}
      />
      <PhoneNumberField
        label="Parent's or guardian's phone number"
        error={errors.guardianPhone?.message}
        {...register("guardianPhone")}
      />
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? "Sending…" : "Text them the link"}
      </Button>
    </form>
  );
}
