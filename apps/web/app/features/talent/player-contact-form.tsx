import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { toast } from "../../lib/toast.ts";
import { TALENT } from "@touchline/contract/messages";
import {
  playerContactRequestSchema,
  type PlayerContactRequest,
  type PlayerContactRequestInput,
} from "@touchline/contract/talent";
import { Button } from "../../components/button.tsx";
import { TextAreaField, TextField } from "../../components/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { sendPlayerContact } from "./talent-api.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";

const EMPTY = { name: "", organisation: "", email: "", phone: "", message: "" };
const FIELDS = Object.keys(EMPTY) as (keyof typeof EMPTY)[];

/**
 * A club or scout asks to reach a player. The request goes to the Touchline team, who pass it on:
 * the player's own phone and e-mail are never shown. Checked with the same schema as the server;
 * on failure everything typed stays, so a visitor on a weak connection simply tries again.
 */
export function PlayerContactForm({
  username,
  firstName,
  headingId,
}: {
  username: string;
  firstName: string;
  headingId?: string;
}) {
  const hydrated = useHydrated();
  const send = useApiMutation(sendPlayerContact);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<PlayerContactRequestInput, PlayerContactRequest>({
    schema: playerContactRequestSchema,
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ username, request: values });
      toast.success(TALENT.contactSent(firstName), { id: "player-contact" });
      reset(EMPTY);
    } catch (error) {
      // Too many requests and a profile that just left the list have their own words; the rest
      // get the general failure. Field verdicts of the server go beside the fields.
      const specific = error instanceof ApiError && (error.status === 429 || error.status === 404);
      toast.error(specific ? error.message : TALENT.contactFailed, { id: "player-contact" });
      applyServerErrors(error, FIELDS, setError, { focus: false });
    }
  });

  return (
    // method="post" and a button disabled until hydration: never a native GET with the message in the URL.
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...register("name")} />
        <TextField
          label="Club or organisation"
          autoComplete="organization"
          error={errors.organisation?.message}
          {...register("organisation")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          hint="With the country code if it is not a Zambian number."
          {...register("phone")}
        />
      </div>
      <TextAreaField label="Message" rows={5} error={errors.message?.message} {...register("message")} />
      <div>
        <Button type="submit" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Sending…" : "Send request"}
        </Button>
      </div>
    </form>
  );
}
