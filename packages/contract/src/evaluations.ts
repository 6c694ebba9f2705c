import type { VideoView } from "./video.ts";
import { countOf } from "./plural.ts";

// The schemas live in evaluation-schemas.ts, so pages that only show an evaluation load no zod.

/** The skills an evaluation rates, 1 to 5 each, in the order they are shown. */
export const EVALUATION_SKILLS = [
  { value: "dribbling", label: "Dribbling" },
  { value: "goalScoring", label: "Goal scoring" },
  { value: "defending", label: "Defending" },
  { value: "passing", label: "Passing and assists" },
  { value: "firstTouch", label: "First touch and freestyle" },
] as const;
export type EvaluationSkill = (typeof EVALUATION_SKILLS)[number]["value"];
export const EVALUATION_SKILL_VALUES = EVALUATION_SKILLS.map((skill) => skill.value) as [
  EvaluationSkill,
  ...EvaluationSkill[],
];
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The level the author thinks the player could play at now, from the top of Zambian football down. */
export const EVALUATION_LEVELS = [
  { value: "super-league", label: "Super League" },
  { value: "national-division-one", label: "National Division One" },
  { value: "division-two", label: "Division Two" },
  { value: "provincial", label: "Provincial league" },
  { value: "not-yet", label: "Not yet at league level" },
] as const;
export type EvaluationLevel = (typeof EVALUATION_LEVELS)[number]["value"];
export const EVALUATION_LEVEL_VALUES = EVALUATION_LEVELS.map((level) => level.value) as [
  EvaluationLevel,
  ...EvaluationLevel[],
];
export const evaluationLevelLabel = (level: EvaluationLevel): string =>
  EVALUATION_LEVELS.find((entry) => entry.value === level)?.label ?? level;

/** Who wrote it: a verified scout, or a coach who confirmed the player. */
export const EVALUATION_AUTHOR_KINDS = ["scout", "coach"] as const;
export type EvaluationAuthorKind = (typeof EVALUATION_AUTHOR_KINDS)[number];

export const EVALUATION_STRENGTH_MAX = 200;
export const EVALUATION_WORK_ON_MAX = 300;
export const EVALUATION_NOTE_MAX = 280;
export const EVALUATION_NOTES_MAX = 10;
export const EVALUATION_REPORT_REASON_MAX = 1000;
export const EVALUATION_REMOVE_REASON_MAX = 500;

/** "0:05", "12:40": a second of a clip as a viewer reads it. */
export function formatClipTime(second: number): string {
  const whole = Math.max(0, Math.floor(second));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** "0:05", "5", "1:02" as seconds; null for anything else. */
export function parseClipTime(text: string): number | null {
  const match = /^\s*(?:(\d{1,3}):)?(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1] ?? 0);
  const seconds = Number(match[2]);
  if (match[1] !== undefined && seconds > 59) return null;
  return minutes * 60 + seconds;
}

export const EVALUATION = {
  ratingRequired: (skill: string) => `Rate ${skill.toLocaleLowerCase("en")} from ${RATING_MIN} to ${RATING_MAX}`,
  levelRequired: "Choose the level they could play at now",
  strengthRequired: "Write a strength",
  workOnRequired: "Write one thing to work on",
  noteRequired: "Write the note",
  noteClipRequired: "Choose a clip",
  noteClipUnknown: "This clip is not one of the player's videos any more. Choose another.",
  noteTimeInvalid: "Enter the moment as minutes and seconds, for example 0:05",
  noteTimeBeyond: (duration: number) => `The clip is ${formatClipTime(duration)} long: choose a moment within it`,
  tooManyNotes: `At most ${EVALUATION_NOTES_MAX} notes`,
  saved: "Evaluation saved. The player can read it on their profile.",
  updated: "Evaluation updated.",
  playerNotPublic: "This player's profile is not public, so it cannot be evaluated now.",
  notFound: "This evaluation does not exist any more.",
  hidden: "Hidden. Scouts no longer see this evaluation; it still counts on your public page.",
  shown: "Shown again to verified scouts.",
  reported: "Thank you. Our team will read this evaluation and your reason.",
  reportReasonRequired: "Say what is wrong with this evaluation",
  alreadyReported: "You already reported this evaluation; our team will read it.",
  removedByStaff: "Evaluation removed. The player and scouts no longer see it.",
  removeReasonRequired: "Write why it is removed; the author is not told",
  reportNotFound: "This report does not exist any more.",
  reportDismissed: "Report closed; the evaluation stays.",
  /** The public page, where only the count shows. */
  publicCount: (count: number) => `${countOf(count, "evaluation")} by verified scouts and coaches`,
} as const;

/** What the author sees of the player's clips, to pin a note to one. */
export interface EvaluationClip {
  id: string;
  /** "Video 1", "Video 2". */
  label: string;
  durationSeconds: number | null;
}

export interface EvaluationNote {
  clipId: string;
  second: number;
  text: string;
}

/** The author as players and scouts read them: a role and organisation, never a name or number. */
export interface EvaluationAuthor {
  kind: EvaluationAuthorKind;
  /** "Chief scout", "Head coach". */
  role: string;
  /** The scout's organisation or the coach's club. */
  organisation: string;
}

export interface EvaluationView {
  id: string;
  author: EvaluationAuthor;
  ratings: Record<EvaluationSkill, number>;
  level: EvaluationLevel;
  strengths: [string, string, string];
  workOn: string;
  notes: EvaluationNote[];
  createdAt: string;
  updatedAt: string;
}

/** A note's clip, as the player's page plays it. */
export type EvaluationClipVideo = Pick<VideoView, "url" | "durationSeconds" | "renditions" | "posters"> & {
  id: string;
};

/** GET /api/player/evaluations: every evaluation of the player, hidden ones too, and their clips. */
export interface PlayerEvaluations {
  evaluations: (EvaluationView & { hidden: boolean; reported: boolean })[];
  clips: EvaluationClipVideo[];
}

/** GET /api/scouts/players/:username/evaluations: the scout's own, the others the player shows, the clips. */
export interface ScoutEvaluations {
  own: EvaluationView | null;
  others: EvaluationView[];
  clips: EvaluationClip[];
}

/** A reported evaluation in the staff queue. */
export interface EvaluationReportItem {
  id: string;
  evaluationId: string;
  reason: string;
  reportedAt: string;
  player: { username: string; firstName: string; lastName: string };
  evaluation: EvaluationView;
}
