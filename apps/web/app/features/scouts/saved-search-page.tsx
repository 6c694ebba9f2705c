import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { talentListPath, type PublicPlayerSummary } from "@touchline/contract/talent";
import { Button, buttonClass } from "../../components/button.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { errorText } from "../../lib/error-text.ts";
import { formatDate } from "../../lib/player-display.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { fetchSearchMatches, openSearch, SEARCH_MATCHES_QUERY } from "./scout-api.ts";
import { filtersText } from "./search-text.ts";

/**
 * /scouts/searches/{id}: a saved search opened as the talent list with its filters, the players
 * who became public since the scout last opened it marked "New". Opening it (once per visit)
 * moves the mark on the server; every page of the visit is compared with the same mark.
 * `card` draws one player (the route takes the talent list's card).
 */
export function SavedSearchPage({
  id,
  card,
}: {
  id: string;
  card: (player: PublicPlayerSummary, isNew: boolean) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const open = useApiMutation(openSearch);
  const asked = useRef(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    // Whatever the answer, the list is shown; a failed opening only leaves the mark where it was.
    void open.mutateAsync(id).finally(() => setOpened(true));
  }, [id, open]);
  const matches = useQuery({
    queryKey: SEARCH_MATCHES_QUERY(id, page),
    queryFn: () => fetchSearchMatches({ id, page }),
    enabled: opened,
    // The marks are this visit's: a refetch on focus would read the same mark anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (matches.isError)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <FormAlert>{errorText(matches.error)}</FormAlert>
        <Link to="/scouts" className="text-brand-700 underline">
          Back to your scout area
        </Link>
      </div>
    );
  if (!matches.data)
    return (
      <p className="px-4 py-24 text-center text-slate-600" aria-live="polite">
        Loading…
      </p>
    );
  const { search, list, newUsernames, newSince } = matches.data;
  const fresh = new Set(newUsernames);
  const go = (to: number) => setParams(to > 1 ? { page: String(to) } : {});
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-brand-700">Saved search</p>
        <h1 className="text-2xl font-bold text-slate-900">{search.name}</h1>
        <p className="text-slate-700">{filtersText(search)}</p>
        <p role="status" className="font-semibold text-slate-900">
          {list.total === 1 ? "1 player matches" : `${list.total}${list.totalExact ? "" : "+"} players match`} now ·{" "}
          {newUsernames.length} new on this page since {formatDate(newSince)}
        </p>
        <p className="flex flex-wrap gap-3 text-sm">
          <Link to="/scouts" className="text-brand-700 underline">
            Back to your scout area
          </Link>
          <Link to={talentListPath(search.filters)} className="text-brand-700 underline">
            Change the filters in the talent list
          </Link>
        </p>
      </header>
      {list.items.length ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {list.items.map((player) => (
            <li key={player.username}>{card(player, fresh.has(player.username))}</li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">
          No public player matches this search at the moment.
        </p>
      )}
      {list.page > 1 || list.hasNextPage ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          {list.page > 1 ? (
            <Button variant="secondary" onClick={() => go(list.page - 1)}>
              ← Previous
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-700">Page {list.page}</span>
          {list.hasNextPage ? (
            <Button variant="secondary" onClick={() => go(list.page + 1)}>
              Next →
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <p>
        <Link to="/players" className={buttonClass("secondary")}>
          Browse all players
        </Link>
      </p>
    </div>
  );
}
