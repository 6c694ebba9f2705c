import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../lib/api.ts";

/**
 * Puts the server's per-field verdicts (409 "phone taken", a rule the server checks again)
 * beside the fields the form has. Returns the message no field could show, if any, for a
 * form-level alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  let shown = false;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) {
      setError(field, { type: "server", message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown ? undefined : error.message;
}
