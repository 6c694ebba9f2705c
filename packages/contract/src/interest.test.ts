import { describe, expect, it } from "vitest";
import { interestSentences, kindsText, type ProfileInterest } from "./interest.ts";

const none = { club: 0, academy: 0, agency: 0, "national-team": 0 };
const interest = (over: Partial<ProfileInterest> = {}): ProfileInterest => ({
  isPublic: true,
  visitors: 0,
  scouts: { total: 0, byKind: none },
  shortlisted: 0,
  savedSearches: 0,
  requests: 0,
  ...over,
});

describe("interest sentences", () => {
  it("names the kinds of organisation in the join form's order, in the plural where it counts", () => {
    expect(kindsText({ ...none, club: 2, academy: 1 })).toBe("2 clubs and 1 academy");
    expect(kindsText({ club: 1, academy: 2, agency: 1, "national-team": 0 })).toBe("1 club, 2 academies and 1 agency");
    expect(kindsText({ ...none, "national-team": 1 })).toBe("1 national team");
  });

  it("says what happened in plain words to the player", () => {
    expect(
      interestSentences(
        interest({
          visitors: 12,
          scouts: { total: 3, byKind: { ...none, club: 2, academy: 1 } },
          shortlisted: 1,
          savedSearches: 4,
          requests: 1,
        }),
        { kind: "player" },
      ),
    ).toEqual([
      "12 people opened your profile this month.",
      "3 verified scouts looked at your profile this month: 2 clubs and 1 academy.",
      "1 scout has you on a shortlist.",
      "You match 4 saved searches of verified scouts.",
      "1 request from scouts this month.",
    ]);
  });

  it("says nobody yet, without the lines that would only say zero", () => {
    expect(interestSentences(interest({ visitors: 1 }), { kind: "player" })).toEqual([
      "1 person opened your profile this month.",
      "No verified scout has looked at your profile yet this month.",
      "No requests from scouts yet this month.",
    ]);
  });

  it("speaks of the player by first name to their guardian", () => {
    expect(
      interestSentences(interest({ visitors: 0, shortlisted: 2, savedSearches: 1 }), {
        kind: "guardian",
        firstName: "Mwila",
      }),
    ).toEqual([
      "Nobody has opened Mwila's profile yet this month.",
      "No verified scout has looked at Mwila's profile yet this month.",
      "2 scouts have Mwila on a shortlist.",
      "Mwila matches 1 saved search of verified scouts.",
      "No requests from scouts yet this month.",
    ]);
  });
});
