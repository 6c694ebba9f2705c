import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type * as z from "zod/mini";
import { scoutLoginSchema, type ScoutLoginInput } from "@touchline/contract/scout-schemas";
import { Button } from "../../components/button.tsx";
import { CheckboxField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formFailure } from "../../lib/server-errors.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { loginAsScout, markScoutBrowser } from "./scout-api.ts";

const FIELDS = ["email", "password"] as const;

/** /scouts/login: scouts log in by e-mail (their phone may be of any country). */
export function ScoutLoginForm({ next }: { next: string }) {
  const [formError, setFormError] = useState<string>();
  const login = useApiMutation(loginAsScout);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm<ScoutLoginInput, z.output<typeof scoutLoginSchema>>({
    schema: scoutLoginSchema,
    defaultValues: { email: "", password: "", rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await login.mutateAsync(values);
      markScoutBrowser();
      await navigate(next);
    } catch (failure) {
      setFormError(formFailure(failure, FIELDS, setError));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        {...register("email")}
        error={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...register("password")}
        error={errors.password?.message}
      />
      <CheckboxField label="Remember me" {...register("rememberMe")} />
      <Button type="submit" disabled={!hydrated || login.isPending} className="w-full">
        {login.isPending ? "Logging in…" : "Log in"}
      </Button>
      <p className="text-center text-sm text-slate-700">
        New here?{" "}
        <Link to="/scouts/join" className="font-semibold text-brand-700 underline">
          Join as a scout
        </Link>
      </p>
    </form>
  );
}
