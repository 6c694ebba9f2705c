import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { Link, useNavigate } from "react-router";
import { toast } from "../../lib/toast.ts";
import type * as z from "zod/mini";
import { loginSchema, type LoginInput } from "@touchline/contract/auth";
import { AUTH_SCREENS, LOGIN } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { login } from "./auth-api.ts";
import { clearFlow, readFlow, updateFlow } from "./flow-storage.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { PhoneNumberField } from "./phone-number-field.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";
import { saveLoginSession } from "../../lib/session-store.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

const FIELDS = ["phoneNumber", "password"] as const;

/**
 * /auth/player-login. A successful login puts the session into the query cache; the page
 * sees it and moves on to where the player wanted to go.
 */
export function LoginForm() {
  const loginCall = useApiMutation(login);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const [unverified, setUnverified] = useState<{ phoneNumber: string; message: string; resendAvailableAt?: number }>();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm<LoginInput, z.output<typeof loginSchema>>({
    schema: loginSchema,
    defaultValues: { phoneNumber: "", password: "", rememberMe: false },
  });

  // Coming back from registration or a password reset: the number is already known.
  useEffect(() => {
    const known = readFlow().phoneNumber;
    if (known && !getValues("phoneNumber")) setValue("phoneNumber", known);
  }, [getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    setUnverified(undefined);
    try {
      const session = await loginCall.mutateAsync(values);
      saveLoginSession(session, values.rememberMe);
      clearFlow();
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      toast.success(LOGIN.success, { id: "login" });
    } catch (error) {
      toast.error(LOGIN.failure, { id: "login" });
      if (error instanceof ApiError && error.code === "PHONE_NOT_VERIFIED") {
        const phoneNumber = typeof error.body.phoneNumber === "string" ? error.body.phoneNumber : values.phoneNumber;
        const wait = error.retryAfterSeconds;
        setUnverified({
          phoneNumber,
          message: error.message,
          resendAvailableAt: wait ? Date.now() + wait * 1000 : undefined,
        });
        return;
      }
      setFormError(
        applyServerErrors(error, FIELDS, setError) ?? (error instanceof ApiError ? undefined : LOGIN.failure),
      );
    }
  });

  // A registered but unverified number: the server has just texted it a fresh registration
  // code (or one went out moments ago); the code screen finishes the registration.
  const verifyNumber = async () => {
    if (!unverified) return;
    updateFlow({
      phoneNumber: unverified.phoneNumber,
      resetToken: undefined,
      resendAvailableAt: unverified.resendAvailableAt,
    });
    await navigate("/auth/player-register-otp");
  };

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {unverified ? (
        <FormAlert tone="info">
          <p>{unverified.message}</p>
          <Button variant="secondary" className="mt-3" onClick={verifyNumber}>
            Verify my number
          </Button>
        </FormAlert>
      ) : null}
      {formError ? <FormAlert>{AUTH_SCREENS.loginFailureReason(formError)}</FormAlert> : null}
      <PhoneNumberField error={errors.phoneNumber?.message} {...register("phoneNumber")} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField label="Remember me" {...register("rememberMe")} />
        <Link to="/auth/player-forgot-password" className="py-2 text-sm font-semibold text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button
        type="submit"
        disabled={!hydrated || isSubmitting}
        aria-busy={isSubmitting || undefined}
        className="w-full"
      >
        {isSubmitting ? "Logging in…" : "Log in"}
      </Button>
      <p className="text-center text-sm text-slate-700">
        Don't have an account?{" "}
        <Link to="/auth/player-register" className="font-semibold text-brand-700 hover:underline">
          Sign Up
        </Link>
      </p>
    </form>
  );
}
