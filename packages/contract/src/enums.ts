/** Enumerations with their labels. Order is the order shown in forms. */
export const POSITIONS = [
  { value: "goalkeeper", label: "Goalkeeper" },
  { value: "right-back", label: "Right Back" },
  { value: "center-back", label: "Center Back" },
  { value: "left-back", label: "Left Back" },
  { value: "defensive-midfielder", label: "Defensive Midfielder" },
  { value: "central-midfielder", label: "Central Midfielder" },
  { value: "attacking-midfielder", label: "Attacking Midfielder" },
  { value: "right-winger", label: "Right Winger" },
  { value: "left-winger", label: "Left Winger" },
  { value: "striker", label: "Striker" },
] as const;
export type Position = (typeof POSITIONS)[number]["value"];
export const POSITION_VALUES = POSITIONS.map((p) => p.value) as [Position, ...Position[]];

export const PREFERRED_FEET = [
  { value: "right", label: "Right" },
  { value: "left", label: "Left" },
  { value: "both", label: "Ambidextrous" },
] as const;
export type PreferredFoot = (typeof PREFERRED_FEET)[number]["value"];
export const PREFERRED_FOOT_VALUES = PREFERRED_FEET.map((f) => f.value) as [PreferredFoot, ...PreferredFoot[]];

export const FITNESS_LEVELS = [
  { value: "excellent", label: "Excellent" },
  { value: "good", label: "Good" },
  { value: "average", label: "Average" },
  { value: "recovering", label: "Recovering from Injury" },
  { value: "injured", label: "Currently Injured" },
] as const;
export type FitnessLevel = (typeof FITNESS_LEVELS)[number]["value"];
export const FITNESS_VALUES = FITNESS_LEVELS.map((f) => f.value) as [FitnessLevel, ...FitnessLevel[]];

export const DELETION_REASONS = [
  { value: "not-using", label: "Not using the app anymore" },
  { value: "privacy", label: "Concerned about privacy" },
  { value: "switching", label: "Switching to another service" },
  { value: "not-satisfied", label: "Not satisfied with the app" },
  { value: "other", label: "Other" },
] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number]["value"];
export const DELETION_REASON_VALUES = DELETION_REASONS.map((r) => r.value) as [DeletionReason, ...DeletionReason[]];

/** The ten provinces of Zambia, where a player plays; alphabetical, as people look for them. */
export const PROVINCES = [
  { value: "central", label: "Central" },
  { value: "copperbelt", label: "Copperbelt" },
  { value: "eastern", label: "Eastern" },
  { value: "luapula", label: "Luapula" },
  { value: "lusaka", label: "Lusaka" },
  { value: "muchinga", label: "Muchinga" },
  { value: "northern", label: "Northern" },
  { value: "north-western", label: "North-Western" },
  { value: "southern", label: "Southern" },
  { value: "western", label: "Western" },
] as const;
export type Province = (typeof PROVINCES)[number]["value"];
export const PROVINCE_VALUES = PROVINCES.map((p) => p.value) as [Province, ...Province[]];

/**
 * Where a player plays as people read it: "Kitwe, Copperbelt Province", the province alone, or ""
 * for a profile submitted before the place was asked.
 */
export function placeText(place: { town: string | null; province: string | null }): string {
  const province = place.province ? `${labelOf(PROVINCES, place.province)} Province` : "";
  return [place.town, province].filter(Boolean).join(", ");
}

/** Looks up the label of an enumeration value; falls back to the value itself. */
export function labelOf(list: readonly { value: string; label: string }[], value: string | null | undefined): string {
  return list.find((item) => item.value === value)?.label ?? value ?? "";
}
