import { useQuery } from "@tanstack/react-query";
import { INTEREST } from "@touchline/contract/interest";
import { InterestSummary } from "../../components/interest-summary.tsx";
import { viewInterest } from "./guardian-api.ts";

/**
 * On the guardian's lasting link: the same counts the player sees on their home, about the
 * player by first name. Nothing shows before the player has a profile, or while the counts
 * cannot be read: the consent is what the page is for.
 */
export function GuardianInterest({ token, firstName }: { token: string; firstName: string }) {
  const interest = useQuery({
    queryKey: ["guardian-interest", token],
    queryFn: () => viewInterest(token),
    retry: false,
  });
  if (!interest.data) return null;
  return (
    <div className="mt-6">
      <InterestSummary
        interest={interest.data}
        reader={{ kind: "guardian", firstName }}
        title={INTEREST.title}
        howCounted={INTEREST.howCountedGuardian}
        notPublic={INTEREST.notPublicGuardian}
      />
    </div>
  );
}
