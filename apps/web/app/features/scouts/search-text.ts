import { labelOf, PROVINCES } from "@touchline/contract/enums";
import type { SavedSearchView } from "@touchline/contract/scouts";
import { positionLabel } from "../../lib/player-display.ts";

/** A saved search's filters in a few words ("Left winger, left foot, age 16-19"). */
export function filtersText(search: Pick<SavedSearchView, "filters">): string {
  const { filters } = search;
  const parts = [
    filters.q ? `"${filters.q}"` : null,
    filters.position ? positionLabel(filters.position) : null,
    filters.foot ? `${filters.foot} foot` : null,
    filters.minAge || filters.maxAge ? `age ${filters.minAge ?? "14"}-${filters.maxAge ?? "any"}` : null,
    filters.fitness ? `fitness ${filters.fitness}` : null,
    filters.province ? `${labelOf(PROVINCES, filters.province)} Province` : null,
    filters.ageVerified === "1" ? "age verified" : null,
    filters.endorsed === "1" ? "confirmed by a coach" : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "All players";
}
