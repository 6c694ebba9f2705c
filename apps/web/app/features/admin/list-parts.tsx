import type { ReactNode } from "react";
import { Link } from "react-router";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { withParams } from "./list-params.ts";

/**
 * Pieces every staff list shares: the filter links, the pager and the loading, failed and
 * empty states. Filters are links (not ARIA tabs): each is a real address, and a plain link
 * with aria-current needs no keyboard contract of its own.
 */
export function FilterLinks<T extends string>({
  label,
  filters,
  current,
  params,
}: {
  label: string;
  filters: readonly { value: T; label: string }[];
  current: T;
  params: URLSearchParams;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => {
          const active = filter.value === current;
          return (
            <li key={filter.value}>
              <Link
                to={withParams(params, { status: filter.value, page: null })}
                aria-current={active ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  active
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-700"
                }`}
              >
                {filter.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const pagerLink =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
const pagerDisabled =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-200 px-4 text-sm font-semibold text-slate-400";

/** Previous / "Page 2 of 5" / Next. Nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  params,
}: {
  page: number;
  pageSize: number;
  total: number;
  params: URLSearchParams;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={withParams(params, { page: Math.min(page - 1, pages) })} rel="prev" className={pagerLink}>
          Previous page
        </Link>
      ) : (
        <span aria-disabled="true" className={pagerDisabled}>
          Previous page
        </span>
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={withParams(params, { page: page + 1 })} rel="next" className={pagerLink}>
          Next page
        </Link>
      ) : (
        <span aria-disabled="true" className={pagerDisabled}>
          Next page
        </span>
      )}
    </nav>
  );
}

/** The first load, a failed load, or an empty list, in place of the items. */
export function ListState({
  isPending,
  isError,
  onRetry,
  retrying,
  isEmpty,
  empty,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry(): void;
  retrying: boolean;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <p role="status" className="py-12 text-center text-slate-600">
        Loading…
      </p>
    );
  }
  if (isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 p-6 text-center"
      >
        <p className="text-red-900">{ADMIN_CONSOLE.loadFailed}</p>
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Retry"}
        </Button>
      </div>
    );
  }
  if (isEmpty)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {empty}
      </p>
    );
  return <>{children}</>;
}

/** Page heading with the number of items in the current filter. */
export function ListHeading({
  title,
  total,
  noun,
}: {
  title: string;
  total: number | undefined;
  noun: [string, string];
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {total !== undefined ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {total} {total === 1 ? noun[0] : noun[1]}
        </p>
      ) : null}
    </div>
  );
}
