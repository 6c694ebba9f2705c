import { useState } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { Link, useNavigate } from "react-router";
import { toast } from "../../lib/toast.ts";
import type * as z from "zod/mini";
import { requestPasswordResetOtpSchema } from "@touchline/contract/auth";
import { OTP_RESEND_INTERVAL_MS } from "@touchline/contract/limits";
import { OTP } from "@touchline/contract/messages";
import { Button, buttonClass } from "../../components/button.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { nextSendAt, requestCode } from "./auth-api.ts";
import { updateFlow } from "./flow-storage.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { PhoneNumberField } from "./phone-number-field.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

type Input = z.input<typeof requestPasswordResetOtpSchema>;

/** /auth/player-forgot-password: asks for a reset code by SMS, then goes to the code screen. */
export function ForgotPasswordForm() {
  const requestCodeCall = useApiMutation(requestCode);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<Input, z.output<typeof requestPasswordResetOtpSchema>>({
    schema: requestPasswordResetOtpSchema,
    defaultValues: { phoneNumber: "" },
  });

  const onSubmit = handleSubmit(async ({ phoneNumber }) => {
    setFormError(undefined);
    try {
      const answer = await requestCodeCall.mutateAsync({ phoneNumber });
      // A new journey: forget any token or e-mail of an earlier one.
      updateFlow({
        phoneNumber,
        email: undefined,
        resetToken: undefined,
        resendAvailableAt: nextSendAt(answer, OTP_RESEND_INTERVAL_MS),
      });
      toast.success(OTP.sent, { id: "code" });
      await navigate("/auth/player-otp");
    } catch (error) {
      toast.error(OTP.sendFailed, { id: "code" });
      setFormError(applyServerErrors(error, ["phoneNumber"], setError));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <PhoneNumberField error={errors.phoneNumber?.message} {...register("phoneNumber")} />
      <div className="grid grid-cols-2 gap-3">
        <Link to="/auth/player-login" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Sending…" : "Next"}
        </Button>
      </div>
    </form>
  );
}
