import { useEffect, useRef, useState } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { Link, useNavigate } from "react-router";
import { toast } from "../../lib/toast.ts";
import type * as z from "zod/mini";
import { DELETION_REASONS } from "@touchline/contract/enums";
import {
  DELETION_CONFIRM_TTL_MS,
  DELETION_CONFIRMATION_PHRASE,
  DELETION_REASON_OTHER_MAX,
  DELETION_REDIRECT_MS,
} from "@touchline/contract/limits";
import { ACCOUNT_DELETION, DELETION, REQUEST_FAILED } from "@touchline/contract/messages";
import { deletionStepOneSchema, deletionStepTwoSchema, type DeletionRequestInput } from "@touchline/contract/site";
import { Button } from "../../components/button.tsx";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { requestDeletion } from "./site-api.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";

/** Where the visitor lands after the request is stored; the privacy page acknowledges the flag. */
export const AFTER_DELETION_PATH = "/privacy?deletionRequested=1";

type StepOneInput = z.input<typeof deletionStepOneSchema>;
type StepOneOutput = z.output<typeof deletionStepOneSchema>;
type StepTwoInput = z.input<typeof deletionStepTwoSchema>;
type StepTwoOutput = z.output<typeof deletionStepTwoSchema>;

const STEP_ONE_FIELDS = ["email", "reason", "otherReason", "understand"] as const;
const CONFIRM_DAYS = Math.round(DELETION_CONFIRM_TTL_MS / (24 * 60 * 60 * 1000));
const STEP_TWO_FIELDS = ["confirmation_text", "confirmation"] as const;

/**
 * The two-step account deletion form. Each step has its own form
 * so that step 2 starts clean, while both live in this component: going Back and forth keeps
 * everything typed. The request is stored on the server,
 * and only counts once confirmed from the link e-mailed to the address (anyone can type an
 * address); the answer reads the same whether or not an account uses it. If storing fails the
 * visitor stays on step 2 with all their answers.
 */
export function AccountDeletionForm() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [stepOne, setStepOne] = useState<StepOneOutput | null>(null);
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const send = useApiMutation(requestDeletion);
  const view = submittedEmail ? "done" : step;
  const lastView = useRef(view);

  const one = useSchemaForm<StepOneInput, StepOneOutput>({
    schema: deletionStepOneSchema,
    // The checkboxes start unticked (undefined): the schema's literal(true) then asks for a tick.
    defaultValues: { email: "", reason: "", otherReason: "" },
  });
  const two = useSchemaForm<StepTwoInput, StepTwoOutput>({
    schema: deletionStepTwoSchema,
    defaultValues: { confirmation_text: "" },
  });
  const reason = one.watch("reason");

  // Screen-reader and keyboard users land on the new step's heading, not at the bottom of the page.
  useEffect(() => {
    if (lastView.current === view) return;
    lastView.current = view;
    headingRef.current?.focus();
  }, [view]);

  useEffect(() => {
    if (!submittedEmail) return;
    const timer = setTimeout(() => void navigate(AFTER_DELETION_PATH), DELETION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [submittedEmail, navigate]);

  const onContinue = one.handleSubmit((values) => {
    setStepOne(values);
    setServerMessage(null);
    setStep(2);
  });

  const onBack = () => {
    setServerMessage(null);
    setStep(1);
  };

  const onSubmit = two.handleSubmit(async (confirmation) => {
    if (!stepOne) return setStep(1);
    const body: DeletionRequestInput = {
      email: stepOne.email,
      reason: stepOne.reason,
      // Details only belong to "Other"; anything typed before switching reason is not sent.
      otherReason: stepOne.reason === "other" && stepOne.otherReason ? stepOne.otherReason : undefined,
      understand: stepOne.understand,
      ...confirmation,
    };
    setServerMessage(null);
    try {
      await send.mutateAsync(body);
      setSubmittedEmail(body.email);
    } catch (error) {
      toast.error(ACCOUNT_DELETION.deletionFailed, { id: "deletion-request" });
      if (!(error instanceof ApiError)) return setServerMessage(REQUEST_FAILED.serverError);
      setServerMessage(error.message);
      const stepOneWrong = STEP_ONE_FIELDS.some((field) => error.errors[field]);
      applyServerErrors(error, STEP_ONE_FIELDS, one.setError, { focus: false });
      applyServerErrors(error, STEP_TWO_FIELDS, two.setError, { focus: false });
      // The server disagreed with an answer on step 1: show it there, values intact.
      if (stepOneWrong) setStep(1);
    }
  });

  if (submittedEmail) {
    return (
      <section
        role="status"
        aria-live="polite"
        className="rounded-2xl border border-brand-200 bg-brand-50 p-6 text-center sm:p-8"
      >
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900 outline-none">
          {DELETION.submittedTitle}
        </h2>
        <p className="mt-3 text-lg font-semibold text-slate-900">{ACCOUNT_DELETION.deletionCheckEmail}</p>
        <p className="mt-2 break-words text-slate-700">
          {ACCOUNT_DELETION.deletionCheckEmailDetail(submittedEmail, CONFIRM_DAYS)}
        </p>
        <p className="mt-3 text-sm text-slate-600">
          Taking you to our Privacy Policy in a few seconds…{" "}
          <Link to={AFTER_DELETION_PATH} className="font-semibold text-brand-700 underline">
            Go now
          </Link>
        </p>
      </section>
    );
  }

  const errorsOne = one.formState.errors;
  const errorsTwo = two.formState.errors;

  return (
    <section
      aria-labelledby="deletion-step-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Step {step} of 2</p>
      <h2
        id="deletion-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 text-xl font-bold text-slate-900 outline-none"
      >
        {step === 1 ? "Tell us about your account" : "Confirm the deletion"}
      </h2>

      {step === 1 ? (
        // method="post" and buttons disabled until hydration: no native submit can leak answers into a URL.
        // Each step's form has its own key: the renderer must not turn step 2's Back button into
        // step 1's Continue while the click that pressed it is still under way (it would submit).
        <form key="step-1" method="post" noValidate onSubmit={onContinue} className="mt-5 flex flex-col gap-5">
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            hint="The e-mail address linked to your Touchline account."
            error={errorsOne.email?.message}
            {...one.register("email")}
          />
          <SelectField
            label="Why are you leaving? (optional)"
            placeholder="Choose a reason"
            options={DELETION_REASONS}
            error={errorsOne.reason?.message}
            {...one.register("reason")}
          />
          {reason === "other" ? (
            <TextAreaField
              label="Tell us more (optional)"
              rows={3}
              maxLength={DELETION_REASON_OTHER_MAX}
              hint="Your feedback helps us make Touchline better."
              error={errorsOne.otherReason?.message}
              {...one.register("otherReason")}
            />
          ) : null}
          <CheckboxField
            label="I understand that deleting my account is permanent: my account, player profile, videos and photos will be removed and cannot be brought back."
            error={errorsOne.understand?.message}
            {...one.register("understand")}
          />
          {serverMessage ? <ServerMessage text={serverMessage} /> : null}
          <div>
            <Button type="submit" disabled={!hydrated}>
              Continue
            </Button>
          </div>
        </form>
      ) : (
        <form key="step-2" method="post" noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-5">
          <p className="text-slate-700">
            To confirm, type{" "}
            <strong className="font-mono tracking-wide text-slate-900">{DELETION_CONFIRMATION_PHRASE}</strong> in the
            box below, exactly as shown, in capital letters.
          </p>
          <TextField
            label={`Type ${DELETION_CONFIRMATION_PHRASE} to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errorsTwo.confirmation_text?.message}
            {...two.register("confirmation_text")}
          />
          <CheckboxField
            label="I confirm that I want my Touchline account and everything in it deleted."
            error={errorsTwo.confirmation?.message}
            {...two.register("confirmation")}
          />
          {serverMessage ? <ServerMessage text={serverMessage} /> : null}
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={onBack} disabled={two.formState.isSubmitting}>
              Back
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={!hydrated || two.formState.isSubmitting}
              aria-busy={two.formState.isSubmitting || undefined}
            >
              {two.formState.isSubmitting ? "Submitting…" : "Submit Request"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function ServerMessage({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {ACCOUNT_DELETION.deletionFailed} {text}
    </p>
  );
}
