import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState } from "react";
import { scoutRequestSchema, type ScoutRequestInput } from "@touchline/contract/scout-schemas";
import { FIELD } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { errorText } from "../../lib/error-text.ts";
import { toast } from "../../lib/toast.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { sendRequest, SENT_REQUESTS_QUERY } from "./scout-api.ts";

/**
 * The form a scout invites a player with: a trial (date, time in Lusaka, place) or a contact
 * request, and a message. It opens from the player's page when asked for, and takes the focus
 * from the button that opened it.
 */
export default function InvitationForm({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = useSchemaForm<ScoutRequestInput, unknown>({
    schema: scoutRequestSchema,
    defaultValues: { username, kind: "trial", message: "", trialDate: "", trialTime: "", trialPlace: "" },
  });
  const send = useApiMutation(sendRequest);
  const kind = watch("kind");

  // The button that opened the form is gone: the focus goes to its first field in the same
  // commit, before it could fall back to the page and a screen reader start from the top.
  useLayoutEffect(() => {
    const first = formRef.current?.elements.namedItem("kind");
    if (first instanceof HTMLElement) first.focus();
  }, []);

  // The request is sent as typed: the server applies the same schema again.
  const onSubmit = handleSubmit(
    async () => {
      setFormError(undefined);
      const body = {
        username,
        kind: getValues("kind"),
        message: getValues("message"),
        trialDate: getValues("trialDate") ?? "",
        trialTime: getValues("trialTime") ?? "",
        trialPlace: getValues("trialPlace") ?? "",
      };
      try {
        const answer = await send.mutateAsync(body);
        toast.success(answer.message, { id: "scout" });
        await queryClient.invalidateQueries({ queryKey: SENT_REQUESTS_QUERY });
        reset({ username, kind: body.kind, message: "", trialDate: "", trialTime: "", trialPlace: "" });
      } catch (failure) {
        applyServerErrors(failure, ["kind", "message", "trialDate", "trialTime", "trialPlace"], setError, {
          focus: false,
        });
        setFormError(errorText(failure));
      }
    },
    () => setFormError(FIELD.fieldsToCorrect),
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SelectField
        label="What to send"
        {...register("kind")}
        options={[
          { value: "trial", label: "A trial invitation" },
          { value: "contact", label: "A contact request" },
        ]}
      />
      {kind === "trial" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Date of the trial"
            type="date"
            error={errors.trialDate?.message}
            {...register("trialDate")}
          />
          <TextField
            label="Time it starts (Lusaka time)"
            type="time"
            error={errors.trialTime?.message}
            {...register("trialTime")}
          />
          <TextField
            label="Place"
            hint="As a map search would find it, for example Nkana Stadium, Kitwe"
            error={errors.trialPlace?.message}
            {...register("trialPlace")}
          />
        </div>
      ) : null}
      <TextAreaField label="Message" error={errors.message?.message} {...register("message")} />
      <Button type="submit" disabled={send.isPending}>
        {kind === "trial" ? "Send the invitation" : "Send the request"}
      </Button>
    </form>
  );
}
