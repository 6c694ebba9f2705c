/**
 * Who may vouch for a player: the roles a club or academy has, as the public reads them
 * ("Confirmed by Head coach of …"). A module of its own, so the public shapes (talent.ts) and the
 * coach's rules (coaches.ts) both use it without importing each other.
 */
export const COACH_ROLES = [
  { value: "head-coach", label: "Head coach" },
  { value: "assistant-coach", label: "Assistant coach" },
  { value: "youth-coach", label: "Youth coach" },
  { value: "goalkeeper-coach", label: "Goalkeeper coach" },
  { value: "team-manager", label: "Team manager" },
  { value: "academy-director", label: "Academy director" },
  { value: "club-official", label: "Club official" },
] as const;
export type CoachRole = (typeof COACH_ROLES)[number]["value"];
export const COACH_ROLE_VALUES = COACH_ROLES.map((role) => role.value) as [CoachRole, ...CoachRole[]];
export const coachRoleLabel = (role: CoachRole): string =>
  COACH_ROLES.find((entry) => entry.value === role)?.label ?? role;
