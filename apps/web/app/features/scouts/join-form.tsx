import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type * as z from "zod/mini";
import { toast } from "../../lib/toast.ts";
import { scoutJoinSchema, type ScoutJoinInput } from "@touchline/contract/scout-schemas";
import { ORGANISATION_KIND_LABELS, ORGANISATION_KINDS } from "@touchline/contract/scouts";
import { RESET } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { SelectField, TextField } from "../../components/field.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { formFailure } from "../../lib/server-errors.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { joinAsScout, markScoutBrowser } from "./scout-api.ts";

const FIELDS = [
  "firstName",
  "lastName",
  "organisation",
  "organisationKind",
  "roleTitle",
  "country",
  "phoneNumber",
  "email",
  "proofUrl",
  "password",
] as const;

/**
 * /scouts/join: a club, academy, agency or national-team scout registers. The account then
 * confirms its phone (SMS code) and e-mail (link), and waits for our team to check the
 * organisation before the scout area opens.
 */
export function ScoutJoinForm() {
  const [formError, setFormError] = useState<string>();
  const join = useApiMutation(joinAsScout);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm<ScoutJoinInput, z.output<typeof scoutJoinSchema>>({
    schema: scoutJoinSchema,
    defaultValues: Object.fromEntries(FIELDS.map((name) => [name, ""])),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await join.mutateAsync(values);
      markScoutBrowser();
      toast.success(answer.message, { id: "scout" });
      await navigate("/scouts");
    } catch (failure) {
      // The server's verdict on a field goes beside it; anything else above the form.
      setFormError(formFailure(failure, FIELDS, setError));
    }
  });

  const field = (name: (typeof FIELDS)[number]) => ({ ...register(name), error: errors[name]?.message });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
      </div>
      <TextField label="Organisation" autoComplete="organization" {...field("organisation")} />
      <SelectField
        label="Kind of organisation"
        placeholder="Choose…"
        options={ORGANISATION_KINDS.map((kind) => ({ value: kind, label: ORGANISATION_KIND_LABELS[kind] }))}
        {...field("organisationKind")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Your role" autoComplete="organization-title" {...field("roleTitle")} />
        <TextField label="Country you work from" autoComplete="country-name" {...field("country")} />
      </div>
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="With its country code, for example +260 97 1234567 or +44 7700 900123. We text you a code."
        {...field("phoneNumber")}
      />
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        hint="We e-mail you a link."
        {...field("email")}
      />
      <TextField
        label="Link that proves your organisation"
        type="url"
        hint="Your page on the organisation's website, its official listing, or a document you share by link."
        {...field("proofUrl")}
      />
      <PasswordField label="Password" autoComplete="new-password" hint={RESET.passwordHint} {...field("password")} />
      <Button type="submit" disabled={!hydrated || join.isPending} className="w-full">
        {join.isPending ? "Sending…" : "Join as a scout"}
      </Button>
      <p className="text-center text-sm text-slate-700">
        Already joined?{" "}
        <Link to="/scouts/login" className="font-semibold text-brand-700 underline">
          Log in
        </Link>
      </p>
    </form>
  );
}
