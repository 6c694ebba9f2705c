import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { toast } from "../../lib/toast.ts";
import type * as z from "zod/mini";
import { DELETION_REASONS } from "@touchline/contract/enums";
import {
  DELETION_CONFIRMATION_PHRASE,
  DELETION_PROCESSING_DAYS,
  DELETION_REASON_OTHER_MAX,
} from "@touchline/contract/limits";
import { ACCOUNT_DELETION, AUTH_SCREENS, DELETION } from "@touchline/contract/messages";
import { ownDeletionRequestSchema } from "@touchline/contract/site";
import { Button } from "../../components/button.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { fetchOwnDeletionRequest, OWN_DELETION_QUERY_KEY, requestOwnAccountDeletion } from "./auth-api.ts";
import { formatDate } from "../../lib/player-display.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { FormAlert } from "../../components/form-alert.tsx";

type Input = z.input<typeof ownDeletionRequestSchema>;
type Output = z.output<typeof ownDeletionRequestSchema>;
const FIELDS = ["reason", "otherReason", "understand", "confirmation_text", "confirmation"] as const;

/**
 * Settings: ask for the account to be deleted. The same answers and rules as the public /delete
 * page, but for the logged-in player's own account (POST /api/site/deletion-requests/own): the
 * session confirms the request, so no e-mailed link is needed, and both confirmations sit in
 * one form: the player is already known, so a second step would only add a page load.
 */
export function AccountDeletionRequest({ email }: { email: string }) {
  const hydrated = useHydrated();
  const headingId = useId();
  const [done, setDone] = useState(false);
  const requestDeletion = useApiMutation(requestOwnAccountDeletion);
  // A request sent earlier (another visit, another phone) is shown instead of the form.
  const pending = useQuery({
    queryKey: OWN_DELETION_QUERY_KEY,
    queryFn: ({ signal }) => fetchOwnDeletionRequest(signal),
  }).data?.pending;
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm<Input, Output>({
    schema: ownDeletionRequestSchema,
    defaultValues: { reason: "", otherReason: "", confirmation_text: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await requestDeletion.mutateAsync(values);
      setDone(true);
    } catch (error) {
      toast.error(ACCOUNT_DELETION.deletionFailed, { id: "own-deletion" });
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  if (done || pending) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        {/* Focused when it replaces the form: the form was long, and the news would be out of view. */}
        <h2
          id={headingId}
          ref={done ? focusOnMount : undefined}
          tabIndex={-1}
          className="text-lg font-bold text-slate-900"
        >
          {DELETION.submittedTitle}
        </h2>
        <p role="status" className="text-slate-700">
          {done
            ? AUTH_SCREENS.deletionRequested(DELETION_PROCESSING_DAYS)
            : AUTH_SCREENS.deletionPending(formatDate(pending!.dueAt))}
        </p>
      </section>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Delete my account
      </h2>
      <p className="text-slate-700">
        Your account, profile, photos and videos will be deleted within {DELETION_PROCESSING_DAYS} days. We will confirm
        by e-mail to <strong className="break-all text-slate-900">{email}</strong>. This cannot be undone.
      </p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SelectField
        label="Reason (optional)"
        placeholder="Choose a reason"
        options={DELETION_REASONS}
        error={errors.reason?.message}
        {...register("reason")}
      />
      {watch("reason") === "other" ? (
        <TextAreaField
          label="Tell us more (optional)"
          maxLength={DELETION_REASON_OTHER_MAX}
          error={errors.otherReason?.message}
          {...register("otherReason")}
        />
      ) : null}
      <CheckboxField
        label="I understand that my account and all its data will be permanently deleted."
        error={errors.understand?.message}
        {...register("understand")}
      />
      <TextField
        label={`Type ${DELETION_CONFIRMATION_PHRASE} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.confirmation_text?.message}
        {...register("confirmation_text")}
      />
      <CheckboxField
        label="Yes, delete my account."
        error={errors.confirmation?.message}
        {...register("confirmation")}
      />
      <div>
        <Button
          type="submit"
          variant="danger"
          disabled={!hydrated || isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? "Sending…" : "Request account deletion"}
        </Button>
      </div>
    </form>
  );
}

/** Brings the confirmation into view and to the screen reader's attention once. */
function focusOnMount(element: HTMLElement | null) {
  if (!element || element === document.activeElement) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: "center" });
}
