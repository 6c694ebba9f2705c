import { GuardianAgeCheck } from "./age-check.tsx";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { toast } from "../../lib/toast.ts";
import { GUARDIAN, guardianStatusLine, type GuardianConsentView } from "@touchline/contract/guardian";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatDate } from "../../lib/player-display.ts";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { CodeInput, emptyCode } from "./code-input.tsx";
import { GuardianInterest } from "./guardian-interest.tsx";
import { agreeToProfile, linkTokenOf, sendConsentCode, viewConsent, withdrawConsent } from "./guardian-api.ts";

/** Saying no, or taking a consent back: no code needed, the new state shown at once. */
function useWithdrawal(
  token: string,
  onChange: (view: GuardianConsentView) => void,
  setError: (message?: string) => void,
) {
  const mutation = useApiMutation(withdrawConsent);
  const run = async () => {
    setError(undefined);
    try {
      const answer = await mutation.mutateAsync(token);
      toast.success(answer.message, { id: "guardian" });
      onChange(answer.consent);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return { run, isPending: mutation.isPending };
}

/** What a guardian agrees to: what the public sees of the player, and what it never sees. */
function WhatIsShown({ firstName, username }: { firstName: string; username: string }) {
  return (
    <section aria-labelledby="consent-covers" className="mt-8 space-y-3 text-sm text-slate-700">
      <h2 id="consent-covers" className="text-lg font-bold text-slate-900">
        What your consent covers
      </h2>
      <p>
        {firstName} (username {username}) is under 18 and has a football profile on Touchline, so that clubs and scouts
        in Zambia can notice them. Nothing is public without your consent.
      </p>
      <p>
        <strong className="text-slate-900">Clubs and scouts will see:</strong> {firstName}&apos;s first name and the
        first letter of the surname, their username, &quot;Under 18&quot; instead of an age, playing position, preferred
        foot, height, weight and fitness, a short text {firstName} wrote, a cover photo and up to two highlight videos.
        Our team checks every profile before it is shown.
      </p>
      <p>
        <strong className="text-slate-900">They will never see:</strong> the phone number, e-mail address, date of birth
        or home address. A scout our team has verified can send {firstName} a contact request or a trial invitation: we
        text you too, and contact details are shared only if both {firstName} and you accept.
      </p>
      <p>You can withdraw your consent at any time with the link in our SMS.</p>
    </section>
  );
}

/** Where things stand, in one sentence true to both the consent and the profile. */
function StatusLine({ view }: { view: GuardianConsentView }) {
  const tone = view.state === "given" ? "bg-green-50 text-green-900" : "bg-slate-100 text-slate-800";
  return (
    <p className={`mt-4 rounded-lg p-3 text-sm ${tone}`} role="status">
      {guardianStatusLine(view, view.decidedAt ? formatDate(view.decidedAt) : null)}
    </p>
  );
}

/**
 * /guardian#consent=…: the page a parent or guardian opens from our SMS. It leads with what is
 * asked of them now (`askedNow`: a scout's request to answer, drawn by the route; or, while they
 * have not answered, the consent itself), then where things stand and what the consent covers.
 * Withdrawing comes last, quieter, behind a confirmation that says what it does.
 */
export function GuardianConsent({ askedNow, later }: { askedNow?: ReactNode; later?: ReactNode }) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(linkTokenOf(window.location.hash)), []);
  const queryClient = useQueryClient();
  const consent = useQuery({
    queryKey: ["guardian-consent", token],
    queryFn: () => viewConsent(token!),
    enabled: Boolean(token),
    retry: false,
  });
  const show = (view: GuardianConsentView) => queryClient.setQueryData(["guardian-consent", token], view);

  if (token === undefined || (token && consent.isPending)) return <p className="text-slate-600">Loading…</p>;
  if (token === null || consent.isError) {
    const message = consent.error instanceof ApiError && consent.error.status !== 404 ? consent.error.message : null;
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Parent or guardian consent</h1>
        <FormAlert>{message ?? GUARDIAN.linkInvalid}</FormAlert>
      </>
    );
  }
  const view = consent.data!;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Consent for {view.playerFirstName}&apos;s football profile</h1>
      <p className="mt-2 text-slate-700">Hello {view.guardianName}.</p>
      {askedNow}
      <StatusLine view={view} />
      {!view.managesConsent ? (
        <p className="mt-4 text-slate-700">{GUARDIAN.requestLinkOnly}</p>
      ) : view.state === "given" ? null : (
        <div className="mt-4">
          <AgreeSteps view={view} token={token} onChange={show} />
        </div>
      )}
      {view.managesConsent ? <GuardianInterest token={token} firstName={view.playerFirstName} /> : null}
      <WhatIsShown firstName={view.playerFirstName} username={view.playerUsername} />
      {later}
      {view.managesConsent && view.state === "given" ? <Withdrawal view={view} token={token} onChange={show} /> : null}
      {view.managesConsent ? <GuardianAgeCheck token={token} firstName={view.playerFirstName} /> : null}
    </>
  );
}

/** Taking a consent back: a plain link-like button, then a confirmation that says what happens. */
function Withdrawal({
  view,
  token,
  onChange,
}: {
  view: GuardianConsentView;
  token: string;
  onChange(view: GuardianConsentView): void;
}) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const withdraw = useWithdrawal(
    token,
    (next) => {
      setAsking(false);
      onChange(next);
    },
    (message) => {
      // A failure is shown on the page, so the dialog steps aside for it.
      if (message) setAsking(false);
      setError(message);
    },
  );
  return (
    <section aria-label="Withdraw your consent" className="mt-10 border-t border-slate-200 pt-4">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button variant="ghost" className="text-sm underline" onClick={() => setAsking(true)}>
        {GUARDIAN.withdrawButton}
      </Button>
      <ConfirmDialog
        open={asking}
        title={GUARDIAN.withdrawTitle}
        confirmLabel={GUARDIAN.withdrawConfirm}
        busy={withdraw.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void withdraw.run()}
      >
        {GUARDIAN.withdrawWarning(view.playerFirstName)}
      </ConfirmDialog>
    </section>
  );
}

function AgreeSteps({
  view,
  token,
  onChange,
}: {
  view: GuardianConsentView;
  token: string;
  onChange(view: GuardianConsentView): void;
}) {
  const sendCode = useApiMutation(sendConsentCode);
  const agree = useApiMutation(agreeToProfile);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState(emptyCode);
  const [error, setError] = useState<string>();
  const withdraw = useWithdrawal(token, onChange, setError);
  const errorId = useId();
  const complete = code.every((digit) => /^\d$/.test(digit));

  const requestCode = async () => {
    setError(undefined);
    try {
      const answer = await sendCode.mutateAsync(token);
      toast.success(answer.message, { id: "guardian" });
      setCodeSent(true);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const onAgree = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setError(undefined);
    try {
      const answer = await agree.mutateAsync({ token, otp: code.join("") });
      toast.success(answer.message, { id: "guardian" });
      onChange(answer.consent);
    } catch (failure) {
      setError(errorText(failure));
      setCode(emptyCode());
    }
  };

  return (
    <section aria-label="Your answer" className="space-y-4">
      {error ? (
        <div id={errorId}>
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      {codeSent ? (
        <form onSubmit={onAgree} className="space-y-4" noValidate>
          <p className="text-sm text-slate-700">Enter the code we sent to your phone to agree.</p>
          <CodeInput
            value={code}
            onChange={setCode}
            disabled={agree.isPending}
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
            autoFocus
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={!complete || agree.isPending}>
              I agree
            </Button>
            <Button variant="ghost" disabled={sendCode.isPending} onClick={requestCode}>
              Send a new code
            </Button>
          </div>
        </form>
      ) : (
        <Button disabled={sendCode.isPending} onClick={requestCode}>
          Send me a code to agree
        </Button>
      )}
      {view.state === "waiting" ? (
        <Button variant="secondary" disabled={withdraw.isPending} onClick={() => void withdraw.run()}>
          I do not agree
        </Button>
      ) : null}
    </section>
  );
}
