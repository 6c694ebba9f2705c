import { Button } from "../../components/button.tsx";
import { TextAreaField } from "../../components/field.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { useSchemaForm, type FormSchema } from "../../lib/use-schema-form.ts";

interface ReasonBody {
  reason: string;
}

/**
 * A staff decision that needs a reason in the staff member's own words (refusing an age check,
 * revoking a coach's confirmation): the reason with its counter, checked by the contract's
 * schema, and the server's verdict on it shown under the field.
 */
export function ReasonForm({
  schema,
  label,
  maxLength,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  schema: FormSchema<ReasonBody>;
  label: string;
  maxLength: number;
  submitLabel: string;
  onCancel(): void;
  onSubmit(body: ReasonBody): Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<ReasonBody, ReasonBody>({ schema, defaultValues: { reason: "" } });
  const reason = watch("reason") ?? "";
  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      applyServerErrors(error, ["reason"], setError, { focus: false });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextAreaField
        label={label}
        maxLength={maxLength}
        required
        hint={`${reason.length}/${maxLength} characters`}
        error={errors.reason?.message}
        data-autofocus
        {...register("reason")}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Please wait…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
