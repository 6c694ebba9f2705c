import * as z from "zod/mini";
import { phoneField } from "./auth.ts";
import { COACH_ROLE_VALUES } from "./coach-roles.ts";
import { COACH, COACH_CONSOLE, COACH_PAGE } from "./coach-messages.ts";
import { lusakaYearMonth } from "./coaches.ts";
import { addIssue } from "./issue.ts";
import {
  COACH_CLUB_MAX,
  COACH_NAME_MAX,
  COACH_SINCE_EARLIEST_YEAR,
  COACH_TEAM_MAX,
  ENDORSEMENT_REVOKE_REASON_MAX,
} from "./limits.ts";
import { displayText } from "./text.ts";

/** What the player, the coach and staff send about a coach who vouches (coaches.ts). */

/** Body of POST /api/player/coaches: the coach the player asks. */
export const coachAskSchema = z.object({
  coachName: displayText({ required: COACH.nameRequired, max: COACH_NAME_MAX }),
  club: displayText({ required: COACH.clubRequired, max: COACH_CLUB_MAX }),
  role: z.enum(COACH_ROLE_VALUES, { error: COACH.roleRequired }),
  coachPhone: phoneField(COACH.phoneRequired),
});
export type CoachAskInput = z.input<typeof coachAskSchema>;
export type CoachAsk = z.output<typeof coachAskSchema>;

/** The secret of a coach's link, sent in request bodies so it never appears in a URL log. */
const tokenField = z.string().check(z.minLength(1), z.maxLength(200));
export const coachLinkSchema = z.object({ token: tokenField });

/** The month a yes says the player has played since: from COACH_SINCE_EARLIEST_YEAR to this month. */
function sinceOf(
  month: string | undefined,
  year: string | undefined,
  today: Date,
  ctx: Parameters<typeof addIssue>[0],
): string | null {
  const m = Number(month);
  const y = Number(year);
  let ok = true;
  if (!month || !Number.isInteger(m) || m < 1 || m > 12) {
    addIssue(ctx, COACH_PAGE.sinceMonthRequired, ["sinceMonth"]);
    ok = false;
  }
  const thisYear = new Date(today.getTime() + 2 * 60 * 60 * 1000).getUTCFullYear();
  if (!year || !Number.isInteger(y) || y < COACH_SINCE_EARLIEST_YEAR || y > thisYear) {
    addIssue(ctx, COACH_PAGE.sinceYearRequired, ["sinceYear"]);
    ok = false;
  }
  if (!ok) return null;
  const since = `${y}-${String(m).padStart(2, "0")}`;
  if (since > lusakaYearMonth(today)) {
    addIssue(ctx, COACH_PAGE.sinceInFuture, ["sinceMonth"]);
    return null;
  }
  return since;
}

const teamField = displayText({ required: COACH_PAGE.teamRequired, max: COACH_TEAM_MAX });
const yesFields = {
  team: z.optional(z.string().check(z.maxLength(200))),
  sinceMonth: z.optional(z.string().check(z.maxLength(2))),
  sinceYear: z.optional(z.string().check(z.maxLength(4))),
};

/** A yes's team and month, or null when either is refused (the issues are recorded). */
function yesOf(
  input: { team?: string; sinceMonth?: string; sinceYear?: string },
  ctx: Parameters<typeof addIssue>[0],
): { team: string; since: string } | null {
  const team = teamField.safeParse(input.team ?? "");
  if (!team.success) addIssue(ctx, team.error.issues[0]?.message ?? COACH_PAGE.teamRequired, ["team"]);
  const since = sinceOf(input.sinceMonth, input.sinceYear, new Date(), ctx);
  return team.success && since !== null ? { team: team.data, since } : null;
}

/** The coach's "yes" on their page: the team and since when (month and year), as the form holds them. */
export const coachYesSchema = z.pipe(
  z.object(yesFields),
  z.transform((input, ctx) => yesOf(input, ctx) ?? z.NEVER),
);
export type CoachYesInput = z.input<typeof coachYesSchema>;

/**
 * Body of POST /api/coach-vouch/answer: the link's token and the coach's one answer. A yes
 * needs the team and since when (month and year, not in the future); a no needs nothing more.
 */
export const coachAnswerSchema = z.pipe(
  z.object({ token: tokenField, answer: z.enum(["yes", "no"], { error: COACH_PAGE.answerRequired }), ...yesFields }),
  z.transform((input, ctx) => {
    if (input.answer === "no") return { token: input.token, answer: "no" as const, team: null, since: null };
    const yes = yesOf(input, ctx);
    return yes ? { token: input.token, answer: "yes" as const, ...yes } : z.NEVER;
  }),
);
export type CoachAnswerInput = z.input<typeof coachAnswerSchema>;
export type CoachAnswer = z.output<typeof coachAnswerSchema>;

/** Body of POST /api/admin/endorsements/{id}/revoke: why, in words the player reads. */
export const revokeEndorsementSchema = z.object({
  reason: displayText({
    required: COACH_CONSOLE.reasonRequired,
    max: ENDORSEMENT_REVOKE_REASON_MAX,
    tooLong: COACH_CONSOLE.reasonTooLong(ENDORSEMENT_REVOKE_REASON_MAX),
    multiline: true,
  }),
});
export type RevokeEndorsementBody = z.input<typeof revokeEndorsementSchema>;
