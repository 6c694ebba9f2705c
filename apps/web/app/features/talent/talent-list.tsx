import { Link } from "react-router";
import { TALENT } from "@touchline/contract/messages";
import {
  hasTalentFilters,
  talentListPath,
  type PublicPlayerList,
  type TalentListQuery,
} from "@touchline/contract/talent";
import { buttonClass } from "../../components/button.tsx";
import { Icon } from "../../components/icons.tsx";
import { lastKnownPage, playerCountText } from "./display.ts";
import { PlayerCard } from "./player-card.tsx";
import { LIST_ANCHOR, TalentFilters } from "./talent-filters.tsx";

export interface TalentListData {
  list: PublicPlayerList;
  query: TalentListQuery;
  errors: Partial<Record<keyof TalentListQuery, string>>;
}

/** The public list under the talent landing hero: filters, the count, the cards and the pages. */
export function TalentList({ list, query, errors, search }: TalentListData & { search: string }) {
  const filtered = hasTalentFilters(query);
  return (
    <div className="flex flex-col gap-8">
      {/* Keyed by the URL, so the fields show the new filters after every navigation. */}
      <TalentFilters key={search} query={query} errors={errors} />
      <p role="status" className="text-base font-semibold text-slate-900">
        {list.total > 0 ? playerCountText(list) : null}
      </p>
      {list.items.length > 0 ? (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {list.items.map((player) => (
              <li key={player.username}>
                <PlayerCard player={player} />
              </li>
            ))}
          </ul>
          <Pagination list={list} query={query} />
        </>
      ) : list.total > 0 ? (
        <EmptyState title="No players on this page" text="This page is past the end of the list.">
          <Link to={`${talentListPath({ ...query, page: 1 })}#${LIST_ANCHOR}`} className={buttonClass("primary")}>
            Go to the first page
          </Link>
        </EmptyState>
      ) : filtered ? (
        <EmptyState title={TALENT.noMatchesTitle} text={TALENT.noMatchesText}>
          <Link to={`/players#${LIST_ANCHOR}`} preventScrollReset className={buttonClass("primary")}>
            Clear filters
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title={TALENT.noneYetTitle} text={TALENT.noneYetText}>
          <Link to="/auth/player-register" className={buttonClass("primary")}>
            Create your profile
          </Link>
        </EmptyState>
      )}
    </div>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name="talent" className="h-7 w-7" />
      </span>
      <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
      <p className="max-w-lg text-slate-700">{text}</p>
      {children}
    </div>
  );
}

/** Previous / Next and where the visitor is; every link keeps the filters. */
function Pagination({ list, query }: { list: PublicPlayerList; query: TalentListQuery }) {
  const last = lastKnownPage(list);
  if (list.page === 1 && !list.hasNextPage) return null;
  const href = (page: number) => `${talentListPath({ ...query, page })}#${LIST_ANCHOR}`;
  const link =
    "inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      {list.page > 1 ? (
        <Link to={href(list.page - 1)} rel="prev" className={link}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {list.page} of {last}
        {list.totalExact ? "" : "+"}
      </p>
      {list.hasNextPage ? (
        <Link to={href(list.page + 1)} rel="next" className={link}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
