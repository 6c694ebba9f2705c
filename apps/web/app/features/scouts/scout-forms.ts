import { useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { firstIssueByField } from "../../lib/use-schema-form.ts";

/**
 * A form's error state from a failed call: the server's per-field messages under their fields,
 * and its message above the form.
 */
export function useFormErrors() {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  return {
    fieldErrors,
    formError,
    clear() {
      setFieldErrors({});
      setFormError(undefined);
    },
    show(error: unknown, fields: Record<string, string> = {}) {
      setFieldErrors({ ...(error instanceof ApiError ? error.errors : {}), ...fields });
      setFormError(errorText(error));
    },
    showFields(fields: Record<string, string>) {
      setFieldErrors(fields);
      setFormError("Please correct the fields marked below.");
    },
  };
}

/** The first message per field of a failed zod check, keyed by the field's name. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const [name, error] of Object.entries(firstIssueByField<Record<string, unknown>>(issues)))
    if (error) errors[name] = error.message;
  return errors;
}
