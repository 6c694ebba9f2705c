import { AGE_BANDS, TALENT_FILTER_KEYS } from "@touchline/contract/talent";
import type {
  PublicCover,
  PublicImageVariant,
  PublicPlayerList,
  PublicPlayerSummary,
} from "@touchline/contract/talent";

/** "19 years"; "Under 18" for a younger player, whose exact age is never public. */
export function ageText(player: Pick<PublicPlayerSummary, "age" | "ageBand">): string {
  if (player.age === null) return AGE_BANDS[player.ageBand ?? "under-18"];
  return `${player.age} ${player.age === 1 ? "year" : "years"}`;
}

/** Heights and weights arrive as typed (178.5); shown in whole units like the filters use. */
export const heightText = (cm: number) => `${Math.round(cm)} cm`;
export const weightText = (kg: number) => `${Math.round(kg)} kg`;

/** The distinct widths of a cover as a srcset ("…?w=320 320w, …?w=640 640w"), up to maxWidth. */
export function coverSrcSet(cover: PublicCover, maxWidth = Infinity): string {
  const seen = new Set<number>();
  const variants: PublicImageVariant[] = [];
  for (const variant of cover.variants) {
    if (variant.width > maxWidth || seen.has(variant.width)) continue;
    seen.add(variant.width);
    variants.push(variant);
  }
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
}

/** "5 players", "1 player", "1,000+ players" */
export function playerCountText(list: Pick<PublicPlayerList, "total" | "totalExact">): string {
  const number = `${list.total.toLocaleString("en")}${list.totalExact ? "" : "+"}`;
  return `${number} ${list.total === 1 && list.totalExact ? "player" : "players"}`;
}

/** The pages a visitor can reach: all of them when the total is exact, else up to the next one. */
export function lastKnownPage(
  list: Pick<PublicPlayerList, "total" | "totalExact" | "page" | "pageSize" | "hasNextPage">,
): number {
  const counted = Math.max(1, Math.ceil(list.total / list.pageSize));
  return list.totalExact ? counted : Math.max(counted, list.hasNextPage ? list.page + 1 : list.page);
}

/**
 * The list's address for what a filter form holds: only the fields that are filled in, and no
 * page (new filters start at page 1), so a shared link reads "/players?position=striker".
 */
export function filtersPath(values: FormData | URLSearchParams, base = "/players"): string {
  const params = new URLSearchParams();
  for (const key of TALENT_FILTER_KEYS) {
    const value = String(values.get(key) ?? "").trim();
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
