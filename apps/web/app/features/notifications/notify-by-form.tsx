import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { NOTIFY_BY_FORM } from "@touchline/contract/inbox";
import { NOTIFICATIONS, NOTIFY_BY } from "@touchline/contract/notifications";
import { playerSettingsSchema, type PlayerSettings } from "@touchline/contract/notification-schemas";
import { Button } from "../../components/button.tsx";
import { SelectField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { toast } from "../../lib/toast.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { fetchSettings, saveSettings, SETTINGS_QUERY } from "./notifications-api.ts";

const OPTIONS = NOTIFY_BY.map((value) => ({ value, label: NOTIFICATIONS.notifyByLabel[value] }));

/** Settings: SMS, or e-mail instead of SMS for what is not urgent. */
export function NotifyByForm() {
  const headingId = useId();
  const settings = useQuery({ queryKey: SETTINGS_QUERY, queryFn: ({ signal }) => fetchSettings(signal) });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {NOTIFY_BY_FORM.title}
      </h2>
      {settings.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : settings.isError ? (
        <FormAlert>{NOTIFY_BY_FORM.loadFailed}</FormAlert>
      ) : (
        <ChoiceForm current={settings.data} />
      )}
    </section>
  );
}

function ChoiceForm({ current }: { current: PlayerSettings }) {
  const queryClient = useQueryClient();
  const save = useApiMutation(saveSettings);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<PlayerSettings>({ schema: playerSettingsSchema, defaultValues: current });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      queryClient.setQueryData(SETTINGS_QUERY, await save.mutateAsync(values));
      toast.success(NOTIFICATIONS.settingsSaved, { id: "notify-by" });
    } catch (error) {
      setFormError(applyServerErrors(error, ["notifyBy"], setError));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SelectField
        label={NOTIFY_BY_FORM.label}
        hint={NOTIFY_BY_FORM.hint}
        options={OPTIONS}
        error={errors.notifyBy?.message}
        {...register("notifyBy")}
      />
      <div>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Saving…" : NOTIFY_BY_FORM.save}
        </Button>
      </div>
    </form>
  );
}
