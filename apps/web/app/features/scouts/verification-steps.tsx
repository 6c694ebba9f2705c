import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast.ts";
import { OTP_LENGTH } from "@touchline/contract/limits";
import { SCOUT, type ScoutAccountView } from "@touchline/contract/scouts";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { confirmScoutPhone, resendScoutCode, resendScoutEmail, SCOUT_QUERY } from "./scout-api.ts";
import { errorText } from "../../lib/error-text.ts";

const stepClass = (done: boolean) =>
  `rounded-xl p-4 ring-1 ${done ? "bg-green-50 ring-green-200" : "bg-white ring-slate-200"}`;

/** What stands between a new scout and the scout area: phone, e-mail, then our team's check. */
export function VerificationSteps({ scout }: { scout: ScoutAccountView }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const confirm = useApiMutation(confirmScoutPhone);
  const resendCode = useApiMutation(resendScoutCode);
  const resendEmail = useApiMutation(resendScoutEmail);

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim())) {
      setError(`Enter the ${OTP_LENGTH}-digit code`);
      return;
    }
    try {
      const answer = await confirm.mutateAsync(code.trim());
      queryClient.setQueryData(SCOUT_QUERY, { scout: answer.scout });
      toast.success(answer.message, { id: "scout" });
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const run = async (call: { mutateAsync(): Promise<{ message: string }> }) => {
    setError(undefined);
    try {
      toast.success((await call.mutateAsync()).message, { id: "scout" });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <ol className="space-y-3" aria-label="Steps to verification">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <li className={stepClass(scout.phoneConfirmed || !scout.phoneBySms)}>
        <h3 className="font-semibold text-slate-900">1. Confirm your phone number</h3>
        {scout.phoneConfirmed ? (
          <p className="text-sm text-green-900">Confirmed: {scout.phoneNumber}</p>
        ) : !scout.phoneBySms ? (
          <p className="mt-1 text-sm text-slate-700">{SMS_BUDGET.scoutNoSms}</p>
        ) : (
          <form onSubmit={onConfirm} noValidate className="mt-2 flex flex-wrap items-end gap-3">
            <TextField
              label={`Code we texted to ${scout.phoneNumber}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" disabled={confirm.isPending}>
              Confirm
            </Button>
            <Button variant="ghost" disabled={resendCode.isPending} onClick={() => void run(resendCode)}>
              Send a new code
            </Button>
          </form>
        )}
      </li>
      <li className={stepClass(scout.emailConfirmed)}>
        <h3 className="font-semibold text-slate-900">2. Confirm your e-mail address</h3>
        {scout.emailConfirmed ? (
          <p className="text-sm text-green-900">Confirmed: {scout.email}</p>
        ) : (
          <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <p>Open the link we e-mailed to {scout.email}.</p>
            <Button variant="ghost" disabled={resendEmail.isPending} onClick={() => void run(resendEmail)}>
              Send the link again
            </Button>
          </div>
        )}
      </li>
      <li className={stepClass(false)}>
        <h3 className="font-semibold text-slate-900">3. Our team checks your organisation</h3>
        <p className="text-sm text-slate-700">
          {scout.state === "unverified"
            ? (scout.phoneConfirmed || !scout.phoneBySms) && scout.emailConfirmed
              ? SCOUT.stateBlocks.unverified
              : SCOUT.confirmBeforeReview
            : scout.state === "verified"
              ? "Verified."
              : SCOUT.stateBlocks[scout.state]}
          {scout.stateReason ? ` Reason: ${scout.stateReason}` : ""}
        </p>
      </li>
    </ol>
  );
}
