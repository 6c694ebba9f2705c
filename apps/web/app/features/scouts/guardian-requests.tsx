import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { GUARDIAN } from "@touchline/contract/guardian";
import type { PlayerReceivedRequest } from "@touchline/contract/scouts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { answerAsGuardian, fetchGuardianRequests } from "./scout-api.ts";
import { ReceivedRequests } from "./received-requests.tsx";
import { isLinkToken } from "@touchline/contract/link-token";

/** The token of the guardian's link (#consent=…), read once the page runs in the browser. */
function useConsentToken() {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.replace(/^#/, "")).get("consent");
    setToken(value && isLinkToken(value) ? value : null);
  }, []);
  return token;
}

/** A request still open that the guardian has not answered: what the page leads with. */
export const awaitsGuardian = (request: PlayerReceivedRequest) =>
  request.state === "open" &&
  !request.blocked &&
  (request.guardianAnswer === "waiting" || request.guardianAnswer === null);

/**
 * On the guardian's page: requests from scouts to their child, which the guardian must also
 * accept before contact details are shared. `part` "waiting" draws those still waiting for the
 * guardian's answer (the page leads with them), "earlier" the rest; each is drawn only when it
 * has some. Both parts share one query.
 */
export function GuardianRequests({ part }: { part: "waiting" | "earlier" }) {
  const token = useConsentToken();
  const queryClient = useQueryClient();
  const key = ["guardian-requests", token];
  const requests = useQuery({
    queryKey: key,
    queryFn: () => fetchGuardianRequests(token!),
    enabled: Boolean(token),
    retry: false,
  });
  const answer = useApiMutation(answerAsGuardian);
  const shown = (requests.data?.requests ?? []).filter((request) => awaitsGuardian(request) === (part === "waiting"));
  if (!token || !shown.length) return null;
  const headingId = `guardian-requests-${part}`;
  return (
    <section aria-labelledby={headingId} className={`${part === "waiting" ? "mt-6" : "mt-10"} space-y-4`}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {part === "waiting" ? GUARDIAN.requestsWaiting : GUARDIAN.requestsEarlier}
      </h2>
      <ReceivedRequests
        requests={shown}
        actions={{
          who: "guardian",
          answer: async (id, choice) => {
            const result = await answer.mutateAsync({ token, id, answer: choice });
            await queryClient.invalidateQueries({ queryKey: key });
            return result;
          },
        }}
      />
      {part === "waiting" ? (
        <p className="text-sm text-slate-700">
          A verified scout sees the player&apos;s phone number and e-mail, and yours, only if both of you accept.
        </p>
      ) : null}
    </section>
  );
}
