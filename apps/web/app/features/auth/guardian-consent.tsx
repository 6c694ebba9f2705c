import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { toast } from "../../lib/toast.ts";
import { GUARDIAN, type GuardianConsentView } from "@touchline/contract/guardian";
import { Button } from "../../components/button.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatDate } from "../../lib/player-display.ts";
import { ApiError } from "../../lib/api.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { CodeInput, emptyCode } from "./code-input.tsx";
import { agreeToProfile, linkTokenOf, sendConsentCode, viewConsent, withdrawConsent } from "./guardian-api.ts";

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : "Something went wrong. Please try again.";

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
      setError(messageOf(failure));
    }
  };
  return { run, isPending: mutation.isPending };
}

/** What a guardian agrees to: what the public sees of the player, and what it never sees. */
function WhatIsShown({ firstName }: { firstName: string }) {
  return (
    <div className="mt-4 space-y-3 text-sm text-slate-700">
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
      <p>
        You can withdraw your consent at any time with the link in our SMS: the profile then leaves public view at once.
      </p>
    </div>
  );
}

/**
 * /guardian#consent=…: the page a parent or guardian opens from our SMS. They read what the
 * profile shows, then agree with a code sent to their phone, say no, or later withdraw.
 */
export function GuardianConsent() {
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
      <p className="mt-2 text-slate-700">
        Hello {view.guardianName}. {view.playerFirstName} (username {view.playerUsername}) is under 18 and wants to show
        a football profile on Touchline, so that clubs and scouts in Zambia can notice them. We need your consent first.
      </p>
      <WhatIsShown firstName={view.playerFirstName} />
      <div className="mt-6">
        {!view.managesConsent ? (
          <p className="text-slate-700">{GUARDIAN.requestLinkOnly}</p>
        ) : view.state === "given" ? (
          <GivenState view={view} token={token} onChange={show} />
        ) : (
          <AgreeSteps view={view} token={token} onChange={show} />
        )}
      </div>
    </>
  );
}

function GivenState({
  view,
  token,
  onChange,
}: {
  view: GuardianConsentView;
  token: string;
  onChange(view: GuardianConsentView): void;
}) {
  const [error, setError] = useState<string>();
  const withdraw = useWithdrawal(token, onChange, setError);
  return (
    <section aria-label="Your answer" className="space-y-4">
      <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900" role="status">
        You agreed{view.decidedAt ? ` on ${formatDate(view.decidedAt)}` : ""}. {view.playerFirstName}&apos;s profile can
        be public once our team has checked it.
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button variant="danger" disabled={withdraw.isPending} onClick={() => void withdraw.run()}>
        Withdraw my consent
      </Button>
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
      setError(messageOf(failure));
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
      setError(messageOf(failure));
      setCode(emptyCode());
    }
  };

  return (
    <section aria-label="Your answer" className="space-y-4">
      {view.state === "withdrawn" ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800" role="status">
          You have not agreed, so the profile is not public. You can change your mind here.
        </p>
      ) : null}
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
