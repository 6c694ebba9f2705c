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

/** Looks up the label of an enumeration value; falls back to the value itself. */
export function labelOf(list: readonly { value: string; label: string }[], value: string | null | undefined): string {
  return list.find((item) => item.value === value)?.label ?? value ?? "";
}
