import { useState } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { Link, useNavigate } from "react-router";
import { toast } from "../../lib/toast.ts";
import { newPasswordFormSchema, type NewPasswordFormInput } from "@touchline/contract/auth";
import { RESET } from "@touchline/contract/messages";
import { Button, buttonClass } from "../../components/button.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { resetPassword } from "./auth-api.ts";
import { updateFlow } from "./flow-storage.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useForgetPlayer } from "./logout.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

const FIELDS = ["newPassword", "confirmPassword"] as const;

/** /auth/player-reset-password, once the code screen has produced a reset token. */
export function ResetPasswordForm({ phoneNumber, resetToken }: { phoneNumber: string; resetToken: string }) {
  const resetPasswordCall = useApiMutation(resetPassword);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const forgetPlayer = useForgetPlayer();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<NewPasswordFormInput>({
    schema: newPasswordFormSchema,
    defaultValues: { newPassword: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await resetPasswordCall.mutateAsync({ phoneNumber, resetToken, ...values });
      // The server ended every session of this player; the browser forgets its copy too
      // (a successful reset clears the session), but keeps the number to prefill the login.
      forgetPlayer();
      updateFlow({ phoneNumber });
      toast.success(RESET.success, { id: "reset-password" });
      await navigate("/auth/player-login", { replace: true });
    } catch (error) {
      toast.error(RESET.failure, { id: "reset-password" });
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      ) : null}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        hint={RESET.passwordHint}
        {...register("newPassword")}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <div className="grid grid-cols-2 gap-3">
        <Link to="/auth/player-login" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Saving…" : "Submit"}
        </Button>
      </div>
    </form>
  );
}
