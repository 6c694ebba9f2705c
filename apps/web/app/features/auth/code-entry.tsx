import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { toast } from "../../lib/toast.ts";
import { OTP_LENGTH, OTP_RESEND_INTERVAL_MS } from "@touchline/contract/limits";
import { AUTH_SCREENS, OTP } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { nextSendAt, requestCode } from "./auth-api.ts";
import { CodeInput, emptyCode, type CodeInputHandle } from "./code-input.tsx";
import { formatPhoneInternational } from "@touchline/contract/phone";
import { useSecondsUntil } from "./use-seconds-until.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

interface CodeEntryProps<T> {
  /** E.164 number the code went to; "" when the journey lost it. */
  phoneNumber: string;
  /** Epoch ms from which a resend is accepted (the server allows one per minute). */
  resendAvailableAt?: number;
  onResendScheduled(at: number): void;
  /** Sends the joined code (a number, as the companion app sends it); rejects when it is refused. */
  verify(otp: number): Promise<T>;
  onVerified(result: T): void | Promise<void>;
}

/**
 * The body of both code screens (registration and password reset): heading, the number the
 * SMS went to, the five boxes, Continue (enabled once every box holds a digit), and
 * "I didn't get the code", which is disabled, with a visible countdown, until the server
 * will send another code.
 */
export function CodeEntry<T>({
  phoneNumber,
  resendAvailableAt,
  onResendScheduled,
  verify,
  onVerified,
}: CodeEntryProps<T>) {
  const requestCodeCall = useApiMutation(requestCode);
  const headingId = useId();
  const sentToId = useId();
  const errorId = useId();
  const boxes = useRef<CodeInputHandle>(null);
  const [code, setCode] = useState(emptyCode);
  const [error, setError] = useState<string>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const secondsLeft = useSecondsUntil(resendAvailableAt);
  const complete = code.every((digit) => /^\d$/.test(digit));

  // Focus waits for the render that re-enables the boxes (they are disabled while checking).
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) boxes.current?.focus();
  }, [focusRequest]);

  const restart = () => {
    setCode(emptyCode());
    setFocusRequest((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || verifying) return;
    setVerifying(true);
    setError(undefined);
    try {
      const result = await verify(Number(code.join("")));
      toast.success(OTP.verified, { id: "code" });
      await onVerified(result);
    } catch (failure) {
      toast.error(OTP.verifyFailed, { id: "code" });
      setError(serverMessage(failure));
      restart();
    } finally {
      setVerifying(false);
    }
  };

  const resend = async () => {
    if (!phoneNumber) {
      toast.error(OTP.phoneMissingToast, { id: "code" });
      return;
    }
    setResending(true);
    try {
      const answer = await requestCodeCall.mutateAsync({ phoneNumber });
      toast.success(OTP.sent, { id: "code" });
      setError(undefined);
      onResendScheduled(nextSendAt(answer, OTP_RESEND_INTERVAL_MS));
      restart();
    } catch (failure) {
      toast.error(OTP.resendFailed, { id: "code" });
      setError(serverMessage(failure));
      // A refused resend says when the next one will be accepted; show that countdown.
      if (failure instanceof ApiError && failure.retryAfterSeconds)
        onResendScheduled(Date.now() + failure.retryAfterSeconds * 1000);
    } finally {
      setResending(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="text-center">
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          {OTP.heading}
        </h1>
        <p id={sentToId} className="mt-2 text-slate-600">
          Enter the {OTP_LENGTH}-digit code we sent to{" "}
          <strong className="whitespace-nowrap text-slate-900">
            {phoneNumber ? formatPhoneInternational(phoneNumber) : "your phone"}
          </strong>
          .
        </p>
      </div>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">SMS code</legend>
          <CodeInput
            ref={boxes}
            value={code}
            onChange={setCode}
            disabled={verifying}
            invalid={Boolean(error)}
            describedBy={error ? `${sentToId} ${errorId}` : sentToId}
            autoFocus
          />
          {error ? (
            <p id={errorId} role="alert" className="text-center text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" disabled={!complete || verifying} aria-busy={verifying || undefined} className="w-full">
          {verifying ? "Checking…" : "Continue"}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-1 text-sm">
        <button
          type="button"
          onClick={resend}
          disabled={resending || secondsLeft > 0}
          className="min-h-11 rounded px-2 font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
        >
          I didn't get the code
        </button>
        {secondsLeft > 0 ? (
          <p role="timer" className="text-slate-600">
            {AUTH_SCREENS.resendIn(secondsLeft)}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** The server's own words for a refused code or send (wrong or expired code, too many tries). */
function serverMessage(failure: unknown): string | undefined {
  return failure instanceof ApiError ? failure.message : undefined;
}
