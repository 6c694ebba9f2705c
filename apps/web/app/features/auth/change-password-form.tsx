import { useId, useState } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { toast } from "../../lib/toast.ts";
import type * as z from "zod/mini";
import { changePasswordSchema } from "@touchline/contract/password";
import { AUTH, AUTH_SCREENS, RESET } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { changePassword } from "./auth-api.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

type Input = z.input<typeof changePasswordSchema>;
const EMPTY: Input = { currentPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** Settings: change the password while logged in (the current one proves it is the player). */
export function ChangePasswordForm() {
  const changePasswordCall = useApiMutation(changePassword);
  const hydrated = useHydrated();
  const headingId = useId();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm<Input>({ schema: changePasswordSchema, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await changePasswordCall.mutateAsync(values);
      toast.success(AUTH.passwordChanged, { id: "change-password" });
      reset(EMPTY);
    } catch (error) {
      toast.error(AUTH_SCREENS.changePasswordFailed, { id: "change-password" });
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Change password
      </h2>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        hint={RESET.passwordHint}
        {...register("newPassword")}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <div>
        <Button type="submit" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Saving…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
