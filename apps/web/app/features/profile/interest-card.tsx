import { useQuery } from "@tanstack/react-query";
import { INTEREST, type ProfileInterest } from "@touchline/contract/interest";
import { InterestSummary } from "../../components/interest-summary.tsx";
import { fetchInterest, INTEREST_QUERY } from "./interest-api.ts";

const INTEREST_FRESH_MS = 60_000;

/**
 * On the player's home: how many people and verified scouts looked at their profile this month.
 * `loaded` is what the server read for the page (null: no profile yet), so the card is in the
 * first HTML rather than pushing the page down once the scripts ran. Nothing shows without a
 * profile, or while the counts cannot be read (the rest of the home works without them).
 */
export function InterestCard({ loaded }: { loaded?: ProfileInterest | null }) {
  const interest = useQuery({
    queryKey: INTEREST_QUERY,
    queryFn: fetchInterest,
    initialData: loaded,
    // The counts move slowly (views are written every few seconds, summed per day): the server's
    // are fresh for a minute, and moving between the player's pages does not ask again.
    staleTime: INTEREST_FRESH_MS,
  });
  if (!interest.data) return null;
  return (
    <InterestSummary
      interest={interest.data}
      reader={{ kind: "player" }}
      title={INTEREST.title}
      howCounted={INTEREST.howCounted}
      notPublic={INTEREST.notPublic}
    />
  );
}
