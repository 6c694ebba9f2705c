import { useMutation } from "@tanstack/react-query";

/**
 * The one way a form or a button asks the API to change something: `const save =
 * useApiMutation(call)`, then `await save.mutateAsync(values)` in the submit handler.
 *
 * Going through react-query's mutation cache gives every call the app's handling of an ended
 * session (lib/query-client.ts: an answer of 401 makes the session be checked again, and the
 * player area then sends the player to log in and back). Mutations are never retried on their
 * own: a POST may have taken effect (an SMS sent, a profile stored) even when its answer was
 * lost, so the form shows the error (ApiError, lib/api.ts) and the person decides.
 */
export function useApiMutation<TVars, TData>(call: (vars: TVars) => Promise<TData>) {
  return useMutation({ mutationFn: call, retry: false });
}
