import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { answerRequest, blockScout, fetchReceivedRequests, RECEIVED_REQUESTS_QUERY, reportScout } from "./scout-api.ts";
import { ReceivedRequests } from "./received-requests.tsx";

/** /player/requests: contact requests and trial invitations from verified scouts. */
export function PlayerRequests() {
  const queryClient = useQueryClient();
  const requests = useQuery({ queryKey: RECEIVED_REQUESTS_QUERY, queryFn: fetchReceivedRequests });
  const answer = useApiMutation(answerRequest);
  const block = useApiMutation(blockScout);
  const report = useApiMutation(reportScout);
  const refresh = <T,>(result: T) => {
    void queryClient.invalidateQueries({ queryKey: RECEIVED_REQUESTS_QUERY });
    return result;
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Requests from scouts</h1>
      <p className="text-slate-700">
        Only scouts our team has verified can write to you. They see your phone number and e-mail only if you accept
        (and, if you are under 18, your parent or guardian too).
      </p>
      {requests.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : (
        <ReceivedRequests
          requests={requests.data?.requests ?? []}
          actions={{
            who: "player",
            answer: async (id, choice) => refresh(await answer.mutateAsync({ id, answer: choice })),
            block: async (scoutId) => refresh(await block.mutateAsync(scoutId)),
            report: async (scoutId, reason) => refresh(await report.mutateAsync({ scoutId, reason })),
          }}
        />
      )}
    </div>
  );
}
