import { useSchemaForm } from "../../lib/use-schema-form.ts";
import type * as z from "zod/mini";
import {
  REJECTION_REASONS,
  REJECTION_TEXT_MAX,
  rejectionReasonText,
  rejectProfileSchema,
  type RejectionReasonCode,
  type RejectProfileBody,
  type ReviewItem,
} from "@touchline/contract/admin";
import { Button } from "../../components/button.tsx";
import { SelectField, TextAreaField } from "../../components/field.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";

interface RejectForm {
  reasonCode: RejectionReasonCode | "";
  reasonText: string;
}

const REASON_OPTIONS = REJECTION_REASONS.map(({ value, label }) => ({ value, label }));

/**
 * "Reject" asks why. The reason comes from the contract's list; "Other" needs words of the
 * reviewer's own, the presets take an optional note. The player sees exactly the preview.
 */
/** Whom a rejection is about: a profile in the queue, or a change to one. */
type Rejected = Pick<ReviewItem, "firstName" | "lastName" | "username">;

export function RejectDialog<Item extends Rejected>({
  item,
  onCancel,
  onReject,
}: {
  item: Item | null;
  onCancel(): void;
  onReject(item: Item, body: RejectProfileBody): Promise<unknown>;
}) {
  const name = item ? `${item.firstName} ${item.lastName}`.trim() || item.username : "";
  return (
    <ModalDialog
      open={item !== null}
      title={`Reject ${name}'s profile`}
      description="The player sees the reason on their profile page and may correct the profile and submit it again."
      onClose={onCancel}
    >
      {item ? <RejectFormBody item={item} onCancel={onCancel} onReject={onReject} /> : null}
    </ModalDialog>
  );
}

function RejectFormBody<Item extends Rejected>({
  item,
  onCancel,
  onReject,
}: {
  item: Item;
  onCancel(): void;
  onReject(item: Item, body: RejectProfileBody): Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<RejectForm, z.output<typeof rejectProfileSchema>>({
    schema: rejectProfileSchema,
    defaultValues: { reasonCode: "", reasonText: "" },
  });
  const reasonCode = watch("reasonCode");
  const reasonText = watch("reasonText") ?? "";
  const isOther = reasonCode === "other";
  const preview = reasonCode ? rejectionReasonText(reasonCode, reasonText) : "";

  const submit = handleSubmit(async (body) => {
    try {
      await onReject(item, {
        reasonCode: body.reasonCode,
        ...(body.reasonText ? { reasonText: body.reasonText } : {}),
      });
    } catch (error) {
      // The toast has said what went wrong; a rule the server checked goes beside its field.
      applyServerErrors(error, ["reasonCode", "reasonText"], setError, { focus: false });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {/* Focus starts on the reason: opening "Reject" means choosing one. Escape or Cancel backs out. */}
      <SelectField
        label="Reason"
        placeholder="Choose a reason"
        options={REASON_OPTIONS}
        error={errors.reasonCode?.message}
        data-autofocus
        {...register("reasonCode")}
      />
      <TextAreaField
        label={isOther ? "Reason the player will see" : "Note for the player (optional)"}
        maxLength={REJECTION_TEXT_MAX}
        required={isOther}
        hint={`${reasonText.length}/${REJECTION_TEXT_MAX} characters`}
        error={errors.reasonText?.message}
        {...register("reasonText")}
      />
      {preview ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">The player will read:</p>
          <p className="mt-1 text-slate-700">{preview}</p>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? "Please wait…" : "Reject profile"}
        </Button>
      </div>
    </form>
  );
}
