import { ApiError } from "./api.ts";
import { errorText } from "./error-text.ts";
import type { SetFormError } from "./use-schema-form.ts";

/**
 * Puts the server's per-field verdicts (409 "phone taken", a rule the server checks again)
 * beside the fields the form has, and focuses the first unless told not to (a form whose
 * failure a toast announces leaves the focus where it was). Returns the message no field could
 * show, if any, for a form-level alert.
 */
export function applyServerErrors<Values extends object>(
  error: unknown,
  fields: readonly Extract<keyof Values, string>[],
  setError: SetFormError<Values>,
  { focus = true }: { focus?: boolean } = {},
): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  let shown = false;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) {
      setError(field, { type: "server", message }, { shouldFocus: focus && !shown });
      shown = true;
    }
  }
  return shown ? undefined : error.message;
}

/**
 * A failed submit in full: the server's field verdicts beside their fields (the first focused),
 * and what the form-level alert says, if anything: the server's message when no field could
 * show it, or the general one when the call failed without an answer we could read.
 */
export function formFailure<Values extends object>(
  error: unknown,
  fields: readonly Extract<keyof Values, string>[],
  setError: SetFormError<Values>,
): string | undefined {
  return error instanceof ApiError ? applyServerErrors(error, fields, setError) : errorText(error);
}
