import { describe, expect, it } from "vitest";
import { playerInfoSchema } from "./profile.ts";
import { registrationSchema } from "./registration.ts";
import { rejectProfileSchema } from "./admin.ts";
import { FIELD, INPUT, REGISTER, TALENT } from "./messages.ts";
import { contactMessageSchema, deletionRequestSchema } from "./site.ts";
import { playerContactRequestSchema, readTalentQuery, talentListQuerySchema } from "./talent.ts";
import { cleanDisplayText, displayText, identifierText, isCleanIdentifier } from "./text.ts";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
};

/** Bidirectional overrides and isolates, zero-width and other format characters, soft hyphen, BOM. */
const INVISIBLES = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u200E",
  "\u200F",
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2060",
  "\u2061",
  "\u2062",
  "\u2063",
  "\u2064",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\uFEFF",
  "\u00AD",
  "\u061C",
  "\u180E",
  "\u3164",
  "\u{E0041}",
];

describe("display text", () => {
  const name = displayText({ required: "Name is required", max: 20 });
  const about = displayText({ max: 50, multiline: true });

  it("refuses NUL and other control characters with a plain message", () => {
    for (const control of ["\u0000", "\u0001", "\u001B", "\u007F", "\u0085", "\u009F"]) {
      const result = name.safeParse(`Mw${control}ila`);
      expect(result.success, JSON.stringify(control)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INPUT.controlCharacters);
    }
    expect(about.safeParse("line one\u0000").error?.issues[0]?.message).toBe(INPUT.controlCharacters);
  });

  it("removes invisible and direction-override characters", () => {
    for (const invisible of INVISIBLES) {
      expect(name.parse(`Mw${invisible}ila`), JSON.stringify(invisible)).toBe("Mwila");
    }
    // The classic spoof: a right-to-left override that makes "Mwila" read "aliwM" on screen.
    expect(name.parse("\u202EaliwM\u202C")).toBe("aliwM");
    expect(cleanDisplayText("\u2066Chanda\u2069 \u200BBanda")).toBe("Chanda Banda");
  });

  it("trims, normalises to NFC and keeps a single-line field on one line", () => {
    // "e" followed by a combining acute accent becomes the single character "é".
    expect(name.parse("  Jose\u0301 ")).toBe("Jos\u00E9");
    expect(name.parse("Jos\u00E9").length).toBe(4);
    expect(name.parse("Chanda \t\r\n  Banda")).toBe("Chanda Banda");
  });

  it("keeps the line breaks of multi-line text, and tabs", () => {
    expect(about.parse(" Fast winger.\r\nLeft foot.\u2028\tKitwe \n")).toBe("Fast winger.\nLeft foot.\n\tKitwe");
  });

  it("treats text of invisible characters only as empty", () => {
    expect(name.safeParse("\u200B\u202E \uFEFF").error?.issues[0]?.message).toBe("Name is required");
  });

  it("counts the length after cleaning", () => {
    expect(name.parse(`${"a".repeat(20)}\u200B\u200B`)).toHaveLength(20);
    expect(name.safeParse("a".repeat(21)).error?.issues[0]?.message).toBe(FIELD.tooLong(20));
  });

  it("keeps letters of every script, emoji and their variation selectors", () => {
    expect(name.parse("Ng\u2019andu \u00D1o\u00F1o")).toBe("Ng\u2019andu \u00D1o\u00F1o");
    expect(about.parse("\u0645\u062D\u0645\u062F \u26BD\uFE0F \u{1F1FF}\u{1F1F2}")).toBe(
      "\u0645\u062D\u0645\u062F \u26BD\uFE0F \u{1F1FF}\u{1F1F2}",
    );
  });
});

describe("identifier text", () => {
  const id = identifierText({ required: "Username is required" });

  it("refuses control characters and invisible characters instead of removing them", () => {
    expect(id.safeParse("chipo\u0000").error?.issues[0]?.message).toBe(INPUT.controlCharacters);
    for (const invisible of INVISIBLES) {
      expect(id.safeParse(`chi${invisible}po`).error?.issues[0]?.message, JSON.stringify(invisible)).toBe(
        INPUT.invisibleCharacters,
      );
    }
    expect(id.parse("chipo_10")).toBe("chipo_10");
    expect(isCleanIdentifier("chipo_10")).toBe(true);
    expect(isCleanIdentifier("chi\u200Bpo")).toBe(false);
    expect(isCleanIdentifier("chi\u0000po")).toBe(false);
  });
});

describe("the shared schemas", () => {
  const registration = {
    firstName: "Chipo",
    lastName: "Mulenga",
    userName: "chipo10",
    dateOfBirth: "2006-02-14",
    email: "chipo@example.zm",
    phoneNumber: "0971234567",
    password: "Kickoff@2025",
  };

  it("refuse NUL in every registration text field, each with its own field named", () => {
    for (const field of ["firstName", "lastName", "userName"] as const) {
      const errors = errorsOf(registrationSchema.safeParse({ ...registration, [field]: `ab\u0000c` }));
      expect(errors[field], field).toBe(INPUT.controlCharacters);
    }
    expect(errorsOf(registrationSchema.safeParse({ ...registration, email: "chipo\u0000@example.zm" })).email).toBe(
      INPUT.controlCharacters,
    );
  });

  it("clean names and refuse an invisible character in a username", () => {
    const parsed = registrationSchema.parse({
      ...registration,
      firstName: "\u202EChipo\u200B",
      lastName: " Mulenga\u00AD",
    });
    expect(parsed).toMatchObject({ firstName: "Chipo", lastName: "Mulenga" });
    expect(errorsOf(registrationSchema.safeParse({ ...registration, userName: "chipo\u200B10" })).userName).toBe(
      INPUT.invisibleCharacters,
    );
  });

  it("keep the published messages for the published rules", () => {
    const errors = errorsOf(
      registrationSchema.safeParse({ ...registration, firstName: "\u200B", lastName: "", userName: "chipo 10" }),
    );
    expect(errors).toMatchObject({
      firstName: REGISTER.firstNameRequired,
      lastName: REGISTER.lastNameRequired,
      userName: REGISTER.usernameNoSpaces,
    });
  });

  it("cover the contact form, deletion reasons, contact requests, review reasons and the profile", () => {
    const contact = { name: "Chanda", email: "chanda@example.zm", message: "Hello" };
    expect(errorsOf(contactMessageSchema.safeParse({ ...contact, name: "Ch\u0000anda" })).name).toBe(
      INPUT.controlCharacters,
    );
    expect(errorsOf(contactMessageSchema.safeParse({ ...contact, message: "Hi\u0000" })).message).toBe(
      INPUT.controlCharacters,
    );
    expect(contactMessageSchema.parse({ ...contact, message: "Hi\u202E there" }).message).toBe("Hi there");

    const deletion = {
      email: "a@b.co",
      reason: "other",
      otherReason: "x\u0000",
      understand: true,
      confirmation_text: "DELETE MY ACCOUNT",
      confirmation: true,
    };
    expect(errorsOf(deletionRequestSchema.safeParse(deletion)).otherReason).toBe(INPUT.controlCharacters);

    const request = { name: "Coach", organisation: "Zesco United", email: "coach@example.zm", message: "Trial?" };
    for (const field of ["name", "organisation", "message"] as const) {
      expect(errorsOf(playerContactRequestSchema.safeParse({ ...request, [field]: "a\u0000" }))[field], field).toBe(
        INPUT.controlCharacters,
      );
    }
    expect(playerContactRequestSchema.parse({ ...request, organisation: "Zesco\u200D United" }).organisation).toBe(
      "Zesco United",
    );

    expect(errorsOf(rejectProfileSchema.safeParse({ reasonCode: "other", reasonText: "Bad\u0000" })).reasonText).toBe(
      INPUT.controlCharacters,
    );
    expect(rejectProfileSchema.parse({ reasonCode: "other", reasonText: "Blurry\u2066 video" }).reasonText).toBe(
      "Blurry video",
    );

    const profile = {
      scoutId: "p1",
      coverPhotoPath: "/api/media/abcdefgh",
      videoPath: "/api/media/abcdefghij",
      position: "striker",
      preferredFoot: "right",
      heightInCm: 180,
      weightInKg: 70,
      currentFitnessStatus: "good",
    };
    expect(errorsOf(playerInfoSchema.safeParse({ ...profile, aboutYourself: "Fast\u0000" })).aboutYourself).toBe(
      INPUT.controlCharacters,
    );
    expect(playerInfoSchema.parse({ ...profile, aboutYourself: "Fast\u202E winger\n" }).aboutYourself).toBe(
      "Fast winger",
    );
  });

  it("refuse NUL in the talent search, and the page's lenient reading leaves it out", () => {
    expect(errorsOf(talentListQuerySchema.safeParse({ q: "mw\u0000" })).q).toBe(INPUT.controlCharacters);
    expect(talentListQuerySchema.parse({ q: " mw\u200Bila  b " }).q).toBe("mwila b");
    const lenient = readTalentQuery(new URLSearchParams({ q: "mw\u0000", position: "striker" }));
    expect(lenient.query.q).toBeUndefined();
    expect(lenient.query.position).toBe("striker");
    expect(lenient.errors.q).toBe(INPUT.controlCharacters);
    expect(errorsOf(talentListQuerySchema.safeParse({ q: "x".repeat(101) })).q).toBe(TALENT.searchTooLong(100));
  });
});
