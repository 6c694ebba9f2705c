import { describe, expect, it } from "vitest";
import { COACH, COACH_CONSOLE, COACH_PAGE } from "./coach-messages.ts";
import { coachAnswerSchema, coachAskSchema, coachYesSchema, revokeEndorsementSchema } from "./coach-schemas.ts";
import { coachLinkPath, endorsementDetail, endorsementLine, lusakaYearMonth, monthYearText } from "./coaches.ts";
import { FIELD } from "./messages.ts";
import { savedSearchSchema } from "./scout-schemas.ts";
import { readTalentQuery, talentListPath } from "./talent.ts";
import { TALENT } from "./talent-messages.ts";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

const TOKEN = "A".repeat(43);
const thisMonth = lusakaYearMonth(new Date());

describe("a player's ask", () => {
  it("takes the coach's name, club, role and Zambian number, cleaned and in E.164", () => {
    expect(
      coachAskSchema.parse({
        coachName: "  Daniel   Mumba ",
        club: "Kalulushi Stars FC",
        role: "head-coach",
        coachPhone: "0971 234 567",
      }),
    ).toEqual({
      coachName: "Daniel Mumba",
      club: "Kalulushi Stars FC",
      role: "head-coach",
      coachPhone: "+260971234567",
    });
  });

  it("refuses each missing or wrong field with its own message", () => {
    expect(errorsOf(coachAskSchema.safeParse({ coachName: "", club: "", role: "president", coachPhone: "" }))).toEqual({
      coachName: COACH.nameRequired,
      club: COACH.clubRequired,
      role: COACH.roleRequired,
      coachPhone: COACH.phoneRequired,
    });
    expect(
      errorsOf(
        coachAskSchema.safeParse({ coachName: "D", club: "C", role: "head-coach", coachPhone: "+44 20 7946 0958" }),
      ),
    ).toEqual({
      coachPhone: FIELD.phoneInvalid,
    });
  });
});

describe("a coach's answer", () => {
  it("a yes carries the team and the month, as YYYY-MM", () => {
    expect(
      coachAnswerSchema.parse({
        token: TOKEN,
        answer: "yes",
        team: " First  team ",
        sinceMonth: "3",
        sinceYear: "2024",
      }),
    ).toEqual({
      token: TOKEN,
      answer: "yes",
      team: "First team",
      since: "2024-03",
    });
    expect(coachYesSchema.parse({ team: "U17", sinceMonth: "12", sinceYear: "2019" })).toEqual({
      team: "U17",
      since: "2019-12",
    });
  });

  it("a no needs nothing more, and drops whatever else came", () => {
    expect(coachAnswerSchema.parse({ token: TOKEN, answer: "no", team: "U17" })).toEqual({
      token: TOKEN,
      answer: "no",
      team: null,
      since: null,
    });
  });

  it("refuses a yes without a team, a month or a year, or with a month still to come", () => {
    expect(errorsOf(coachAnswerSchema.safeParse({ token: TOKEN, answer: "yes" }))).toEqual({
      team: COACH_PAGE.teamRequired,
      sinceMonth: COACH_PAGE.sinceMonthRequired,
      sinceYear: COACH_PAGE.sinceYearRequired,
    });
    const [year, month] = thisMonth.split("-").map(Number) as [number, number];
    const next =
      month === 12
        ? { sinceMonth: "1", sinceYear: String(year + 1) }
        : { sinceMonth: String(month + 1), sinceYear: String(year) };
    const nextErrors = errorsOf(coachYesSchema.safeParse({ team: "U17", ...next }));
    expect(Object.values(nextErrors)[0]).toMatch(
      new RegExp(`^(${COACH_PAGE.sinceInFuture}|${COACH_PAGE.sinceYearRequired})$`),
    );
    expect(coachYesSchema.parse({ team: "U17", sinceMonth: String(month), sinceYear: String(year) }).since).toBe(
      thisMonth,
    );
    expect(errorsOf(coachYesSchema.safeParse({ team: "U17", sinceMonth: "1", sinceYear: "1989" }))).toEqual({
      sinceYear: COACH_PAGE.sinceYearRequired,
    });
    expect(errorsOf(coachAnswerSchema.safeParse({ token: TOKEN, answer: "maybe" }))).toEqual({
      answer: COACH_PAGE.answerRequired,
    });
  });

  it("staff revoke with a reason of at most 300 characters", () => {
    expect(errorsOf(revokeEndorsementSchema.safeParse({ reason: " " }))).toEqual({
      reason: COACH_CONSOLE.reasonRequired,
    });
    expect(errorsOf(revokeEndorsementSchema.safeParse({ reason: "x".repeat(301) }))).toEqual({
      reason: COACH_CONSOLE.reasonTooLong(300),
    });
  });
});

describe("what the public reads", () => {
  it("names the role, the club and the Lusaka month of the answer, then the team and since when", () => {
    const endorsement = { role: "youth-coach", club: "Roan Academy", team: "U17", since: "2024-03" } as const;
    // 23:30 UTC on 30 November is already 1 December in Lusaka.
    expect(endorsementLine({ ...endorsement, confirmedAt: "2026-11-30T23:30:00.000Z" })).toBe(
      "Confirmed by Youth coach of Roan Academy, December 2026",
    );
    expect(endorsementDetail(endorsement)).toBe("U17, since March 2024");
    expect(monthYearText("2025-01")).toBe("January 2025");
  });

  it("keeps the link's secret in the fragment", () => {
    expect(coachLinkPath(TOKEN)).toBe(`/coach#vouch=${TOKEN}`);
  });
});

describe("the talent list's filter", () => {
  it("reads endorsed=1 from a URL and writes it back, and leaves out anything else", () => {
    expect(readTalentQuery(new URLSearchParams("endorsed=1&province=lusaka")).query).toMatchObject({ endorsed: "1" });
    expect(talentListPath({ endorsed: "1", position: "striker" })).toBe("/players?position=striker&endorsed=1");
    expect(readTalentQuery(new URLSearchParams("endorsed=yes")).errors).toEqual({ endorsed: TALENT.endorsedInvalid });
  });

  it("is kept by a saved search", () => {
    const saved = savedSearchSchema.parse({
      name: "Vouched",
      channel: "sms",
      filters: { endorsed: "1", ageVerified: "" },
    });
    expect(saved.filters).toEqual({ endorsed: "1" });
    expect(savedSearchSchema.safeParse({ name: "Bad", channel: "sms", filters: { endorsed: "2" } }).success).toBe(
      false,
    );
  });
});
