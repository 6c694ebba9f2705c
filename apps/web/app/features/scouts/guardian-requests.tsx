import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { answerAsGuardian, fetchGuardianRequests } from "./scout-api.ts";
import { ReceivedRequests } from "./received-requests.tsx";

/** The token of the guardian's link (#consent=…), read once the page runs in the browser. */
function useConsentToken() {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.replace(/^#/, "")).get("consent");
    setToken(value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null);
  }, []);
  return token;
}

/**
 * On the guardian's page: requests from scouts to their child, which the guardian must also
 * accept before contact details are shared. Shown only when there are some.
 */
export function GuardianRequests() {
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
  if (!token || !requests.data?.requests.length) return null;
  return (
    <section aria-labelledby="guardian-requests" className="mt-10 space-y-4">
      <h2 id="guardian-requests" className="text-xl font-bold text-slate-900">
        Requests from scouts
      </h2>
      <p className="text-slate-700">
        A verified scout sees the player&apos;s phone number and e-mail, and yours, only if both of you accept.
      </p>
      <ReceivedRequests
        requests={requests.data.requests}
        actions={{
          who: "guardian",
          answer: async (id, choice) => {
            const result = await answer.mutateAsync({ token, id, answer: choice });
            await queryClient.invalidateQueries({ queryKey: key });
            return result;
          },
        }}
      />
    </section>
  );
}
