import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/button.tsx";
import { CheckboxField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { loginAsScout, markScoutBrowser } from "./scout-api.ts";
import { useFormErrors } from "./scout-forms.ts";

/** /scouts/login: scouts log in by e-mail (their phone may be of any country). */
export function ScoutLoginForm({ next }: { next: string }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const errors = useFormErrors();
  const login = useApiMutation(loginAsScout);
  const navigate = useNavigate();
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    if (!email.trim() || !password) {
      errors.showFields({
        ...(email.trim() ? {} : { email: "Enter your e-mail address" }),
        ...(password ? {} : { password: "Enter your password" }),
      });
      return;
    }
    try {
      await login.mutateAsync({ email, password, rememberMe });
      markScoutBrowser();
      await navigate(next);
    } catch (failure) {
      errors.show(failure);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {errors.formError ? <FormAlert>{errors.formError}</FormAlert> : null}
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.fieldErrors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.fieldErrors.password}
      />
      <CheckboxField
        label="Remember me"
        checked={rememberMe}
        onChange={(event) => setRememberMe(event.target.checked)}
      />
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
