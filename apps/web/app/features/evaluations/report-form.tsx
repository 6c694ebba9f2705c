import { useState } from "react";
import { evaluationReportSchema } from "@touchline/contract/evaluation-schemas";
import type { PlayerEvaluations as Evaluations } from "@touchline/contract/evaluations";
import { Button } from "../../components/button.tsx";
import { TextAreaField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { reportEvaluation } from "./evaluation-api.ts";

/** The player's report of one evaluation, with their reason, for our team. */
export default function ReportForm({
  id,
  onDone,
}: {
  id: string;
  onDone(answer: { message: string; evaluations: Evaluations } | null): void;
}) {
  const report = useApiMutation(reportEvaluation);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm<{ reason: string }>({ schema: evaluationReportSchema, defaultValues: { reason: "" } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    setFormError(undefined);
    try {
      onDone(await report.mutateAsync({ id, reason }));
    } catch (failure) {
      setFormError(applyServerErrors(failure, ["reason"], setError) ?? undefined);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-2">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextAreaField
        label="What is wrong with this evaluation?"
        hint="Only our team reads this."
        error={errors.reason?.message}
        {...register("reason")}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" disabled={report.isPending}>
          Send report
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
