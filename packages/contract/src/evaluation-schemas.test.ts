import { describe, expect, it } from "vitest";
import { CONTACT_DETAIL_MESSAGES } from "./contact-details.ts";
import { evaluationNoteFormSchema, evaluationSchema } from "./evaluation-schemas.ts";
import { EVALUATION, EVALUATION_NOTES_MAX, formatClipTime, parseClipTime } from "./evaluations.ts";

const body = {
  dribbling: 4,
  goalScoring: "5",
  defending: 2,
  passing: 3,
  firstTouch: 4,
  level: "division-two",
  strength1: "Quick off the mark",
  strength2: "Strong left foot",
  strength3: "Reads the game",
  workOn: "Heading in the box",
  notes: [{ clipId: "c1", second: 5, text: "Lovely first touch here" }],
};
const errorsOf = (input: object) => {
  const result = evaluationSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("evaluationSchema", () => {
  it("takes ratings as numbers or the digit a radio button holds", () => {
    expect(evaluationSchema.parse(body)).toMatchObject({ goalScoring: 5, dribbling: 4 });
  });

  it("refuses a rating outside 1-5 beside its field", () => {
    expect(errorsOf({ ...body, dribbling: 6, defending: "" })).toEqual({
      dribbling: EVALUATION.ratingRequired("Dribbling"),
      defending: EVALUATION.ratingRequired("Defending"),
    });
  });

  it("refuses contact details in every text, beside the field", () => {
    expect(
      errorsOf({
        ...body,
        strength1: "call 0977 123456",
        strength2: "wa.me/260977123456",
        strength3: "mail me at scout@club.example",
        workOn: "see https://example.org",
        notes: [{ clipId: "c1", second: 5, text: "DM @scout_zm" }],
      }),
    ).toEqual({
      strength1: CONTACT_DETAIL_MESSAGES.phone,
      strength2: CONTACT_DETAIL_MESSAGES.link,
      strength3: CONTACT_DETAIL_MESSAGES.email,
      workOn: CONTACT_DETAIL_MESSAGES.link,
      "notes.0.text": CONTACT_DETAIL_MESSAGES.handle,
    });
  });

  it(`keeps at most ${EVALUATION_NOTES_MAX} notes`, () => {
    const notes = Array.from({ length: EVALUATION_NOTES_MAX + 1 }, (_, i) => ({ clipId: "c1", second: i, text: "ok" }));
    expect(errorsOf({ ...body, notes })).toEqual({ notes: EVALUATION.tooManyNotes });
  });
});

describe("the note form", () => {
  const schema = evaluationNoteFormSchema((clipId) => (clipId === "c1" ? 12.4 : null));
  it("reads m:ss and keeps the moment within the clip", () => {
    expect(schema.parse({ clipId: "c1", at: "0:05", text: "Good" })).toEqual({ clipId: "c1", second: 5, text: "Good" });
    expect(schema.safeParse({ clipId: "c1", at: "0:13", text: "Good" }).error?.issues[0]).toMatchObject({
      path: ["at"],
      message: EVALUATION.noteTimeBeyond(12.4),
    });
    expect(schema.safeParse({ clipId: "c1", at: "five", text: "Good" }).error?.issues[0]?.message).toBe(
      EVALUATION.noteTimeInvalid,
    );
  });

  it("formats and parses a moment", () => {
    expect(parseClipTime("1:02")).toBe(62);
    expect(parseClipTime("7")).toBe(7);
    expect(parseClipTime("1:75")).toBeNull();
    expect(formatClipTime(62.9)).toBe("1:02");
  });
});
