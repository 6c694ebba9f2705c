/**
 * What the talent area asks of a highlight video and what players gain.
 * The /players landing screen shows these; the player home's three info cards can reuse them.
 */
import { VIDEO_MAX_MEGABYTES, VIDEO_MAX_MINUTES } from "@touchline/contract/limits";

export const CONTENT_GUIDELINES = [
  "Dribbling",
  "Goal scoring",
  "Defence moves",
  "Freestyle and trials",
  "Passing assists",
] as const;

export const TECHNICAL_SPECS = [
  `Max ${VIDEO_MAX_MINUTES} minutes`,
  "MP4 format",
  "No offensive content",
  "Original content only",
  `Max ${VIDEO_MAX_MEGABYTES}MB`,
] as const;

export const BENEFITS = [
  "Scout visibility",
  "Coach attention",
  "National exposure",
  "Career opportunities",
  "Skill analysis",
] as const;
