import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "../../lib/toast.ts";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";

/** Query keys of the console: invalidating ["admin", area] refreshes every page of that list. */
export const ADMIN_KEYS = {
  reviews: ["admin", "reviews"] as const,
  contact: ["admin", "contact-messages"] as const,
  deletions: ["admin", "deletion-requests"] as const,
  audit: ["admin", "audit"] as const,
  deliveries: ["admin", "notifications"] as const,
  smsBudget: ["admin", "sms-budget"] as const,
  ageChecks: ["admin", "age-checks"] as const,
  endorsements: ["admin", "endorsements"] as const,
  endorsementChecks: ["admin", "endorsement-checks"] as const,
  profileChanges: ["admin", "profile-changes"] as const,
};

/**
 * One page of a staff list. The previous page stays on screen while the next one loads, so
 * the list does not collapse to "Loading…" at every click of a filter or the pager. Staff
 * lists change under other staff's hands, so they are refetched when the window regains focus.
 */
export function useStaffList<T>(key: QueryKey, load: (signal: AbortSignal) => Promise<T>) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    retry: (failures, error) => {
      // A session that ended or lost its staff role: let the session check decide where to go.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        return false;
      }
      return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2;
    },
  });
}

/** What a failed staff action says: the server's words, and for a conflict why the list changed. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return ADMIN_CONSOLE.conflict(error.message);
    if (error.status === 401) return ADMIN_CONSOLE.sessionEnded;
  }
  return errorText(error, error instanceof Error ? error.message : String(error));
}

/**
 * A staff action (approve, mark handled, process...): a toast either way, and the list is
 * refetched afterwards whatever happened, because a refusal (409) means it was out of date.
 */
export function useStaffAction<TVars, TData>({
  action,
  invalidate,
  success,
}: {
  action: (vars: TVars) => Promise<TData>;
  invalidate: readonly QueryKey[];
  /** The success toast; return null to show nothing (the caller shows the outcome itself). */
  success: (data: TData, vars: TVars) => string | null;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (data, vars) => {
      const message = success(data, vars);
      if (message) toast.success(message, { id: "staff-action" });
    },
    onError: (error) => {
      toast.error(describeFailure(error), { id: "staff-action" });
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }
    },
    onSettled: () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
