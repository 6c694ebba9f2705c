import { useState } from "react";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { Link, useNavigate } from "react-router";
import { toast } from "../../lib/toast.ts";
import type * as z from "zod/mini";
import { ageOn, todayIso } from "@touchline/contract/age";
import { oldestBirthDateIso, registrationSchema, type RegistrationInput } from "@touchline/contract/registration";
import { GUARDIAN, needsGuardianConsent } from "@touchline/contract/guardian";
import { MIN_REGISTRATION_AGE, OTP_RESEND_INTERVAL_MS } from "@touchline/contract/limits";
import { REGISTER, RESET } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { nextSendAt, registerPlayer } from "./auth-api.ts";
import { updateFlow } from "./flow-storage.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { PhoneNumberField } from "./phone-number-field.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

const EMPTY: RegistrationInput = {
  firstName: "",
  lastName: "",
  userName: "",
  dateOfBirth: "",
  email: "",
  phoneNumber: "",
  password: "",
  guardianName: "",
  guardianPhone: "",
};
const FIELDS = Object.keys(EMPTY) as (keyof RegistrationInput)[];

/** /auth/player-register: the registerScoutWithOtp payload, checked by the shared schema. */
export function RegisterForm() {
  const registerPlayerCall = useApiMutation(registerPlayer);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm<RegistrationInput, z.output<typeof registrationSchema>>({
    schema: registrationSchema,
    defaultValues: EMPTY,
  });

  const dateOfBirth = watch("dateOfBirth");
  const fullDate = /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) && dateOfBirth <= todayIso();
  // Too young to register at all: the age rule is said at once, and no guardian is asked for.
  const tooYoung = fullDate && ageOn(dateOfBirth) < MIN_REGISTRATION_AGE;
  const askGuardian = fullDate && !tooYoung && needsGuardianConsent(dateOfBirth);

  const onSubmit = handleSubmit(async ({ guardian, ...values }) => {
    setFormError(undefined);
    try {
      const answer = await registerPlayerCall.mutateAsync({
        ...values,
        ...(guardian ? { guardianName: guardian.name, guardianPhone: guardian.phone } : {}),
      });
      // The code screen needs the number (and the e-mail for the verify call); a code has just
      // been sent, so the next one can be asked for in a minute.
      updateFlow({
        phoneNumber: values.phoneNumber,
        email: values.email,
        resetToken: undefined,
        resendAvailableAt: nextSendAt(answer, OTP_RESEND_INTERVAL_MS),
      });
      toast.success(REGISTER.success, { id: "register" });
      await navigate("/auth/player-register-otp");
    } catch (error) {
      toast.error(REGISTER.failure, { id: "register" });
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.userName?.message}
        hint="Shown on your public player page. No spaces."
        {...register("userName")}
      />
      <TextField
        label="Date of birth"
        type="date"
        min={oldestBirthDateIso()}
        max={todayIso()}
        autoComplete="bday"
        error={errors.dateOfBirth?.message ?? (tooYoung ? REGISTER.tooYoung : undefined)}
        {...register("dateOfBirth")}
      />
      {askGuardian ? (
        <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Your parent or guardian</legend>
          <p className="text-sm text-slate-700">{GUARDIAN.registrationHint}</p>
          <TextField
            label="Parent's or guardian's name"
            autoComplete="off"
            error={errors.guardianName?.message}
            {...register("guardianName")}
          />
          <PhoneNumberField
            label="Parent's or guardian's phone number"
            autoComplete="off"
            error={errors.guardianPhone?.message}
            {...register("guardianPhone")}
          />
        </fieldset>
      ) : null}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <PhoneNumberField error={errors.phoneNumber?.message} {...register("phoneNumber")} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint={RESET.passwordHint}
        {...register("password")}
      />
      <Button
        type="submit"
        disabled={!hydrated || isSubmitting}
        aria-busy={isSubmitting || undefined}
        className="w-full"
      >
        {isSubmitting ? "Creating account…" : "Sign Up"}
      </Button>
      <p className="text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to="/auth/player-login" className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </form>
  );
}
