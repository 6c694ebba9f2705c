import { FITNESS_LEVELS, labelOf, POSITIONS, PREFERRED_FEET } from "@touchline/contract/enums";
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from "@touchline/contract/media";

/**
 * How profile values read on screen. Dates use one fixed locale and time zone so every player
 * sees the same "12 Mar 2026", whatever their phone is set to.
 */
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Lusaka",
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

export const positionLabel = (value: string | null | undefined) => labelOf(POSITIONS, value);
export const footLabel = (value: string | null | undefined) => labelOf(PREFERRED_FEET, value);
export const fitnessLabel = (value: string | null | undefined) => labelOf(FITNESS_LEVELS, value);

/** "Striker · Left Winger": the main position first, the second one when there is one. */
export function positionsText(position: string, secondary: string | null): string {
  return [position, secondary].filter(Boolean).map(positionLabel).join(" · ");
}

/** A WebP copy the server renders of a cover photo (GET /api/media/{id}?w=...). */
export function imageVariant(url: string, width: ImageVariantWidth): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}

/** srcset of every WebP width, so the browser downloads the one the screen needs. */
export function imageSrcSet(url: string): string {
  return IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariant(url, w)} ${w}w`).join(", ");
}
