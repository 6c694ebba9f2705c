import { describe, expect, it } from "vitest";
import { placeText } from "./enums.ts";
import { PROFILE_CHECKS } from "./messages.ts";
import { fullMatchUrlOf, profileFieldsSchema, profileFormSchema, type ProfileFieldsInput } from "./profile.ts";

const fields: ProfileFieldsInput = {
  coverPhotoPath: "/api/media/cover1234",
  videoPath: "/api/media/video1234",
  position: "striker",
  preferredFoot: "right",
  heightInCm: 178,
  weightInKg: 70,
  currentFitnessStatus: "good",
};

const issuesOf = (schema: typeof profileFieldsSchema | typeof profileFormSchema, input: ProfileFieldsInput) => {
  const parsed = schema.safeParse(input);
  const first: Record<string, string> = {};
  // The first message of each field, as the form shows it.
  for (const issue of parsed.success ? [] : parsed.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
};

describe("fullMatchUrlOf", () => {
  it.each([
    ["https://www.youtube.com/watch?v=abc123DEF45", "https://www.youtube.com/watch?v=abc123DEF45"],
    ["https://youtube.com/watch?v=abc", "https://youtube.com/watch?v=abc"],
    ["https://m.youtube.com/watch?v=abc", "https://m.youtube.com/watch?v=abc"],
    ["https://youtu.be/abc123DEF45?t=30", "https://youtu.be/abc123DEF45?t=30"],
    ["https://www.facebook.com/watch/?v=1234", "https://www.facebook.com/watch/?v=1234"],
    ["https://m.facebook.com/story.php?id=1", "https://m.facebook.com/story.php?id=1"],
    ["https://facebook.com/reel/1", "https://facebook.com/reel/1"],
    ["https://fb.watch/abcDEF/", "https://fb.watch/abcDEF/"],
    ["https://drive.google.com/file/d/1AbC/view", "https://drive.google.com/file/d/1AbC/view"],
    // Host names are case-insensitive: the link is kept as the browser would open it.
    ["HTTPS://WWW.YouTube.com/watch?v=abc", "https://www.youtube.com/watch?v=abc"],
  ])("accepts %s", (input, kept) => {
    expect(fullMatchUrlOf(input)).toBe(kept);
  });

  it.each([
    ["plain http", "http://www.youtube.com/watch?v=abc"],
    ["another site", "https://vimeo.com/123"],
    ["a look-alike host", "https://youtube.com.evil.example/watch?v=abc"],
    ["a subdomain not listed", "https://music.youtube.com/watch?v=abc"],
    ["Google Drive's other hosts", "https://docs.google.com/file/d/1/view"],
    ["a host with a trailing dot", "https://youtube.com./watch?v=abc"],
    ["a user name before the host", "https://youtube.com@evil.example/watch"],
    ["credentials", "https://user:pass@www.youtube.com/watch?v=abc"],
    ["a port", "https://www.youtube.com:8443/watch?v=abc"],
    ["javascript", "javascript:alert(1)"],
    ["no scheme", "www.youtube.com/watch?v=abc"],
    ["a space inside", "https://www.youtube.com/watch?v=a bc"],
    ["an invisible character", "https://www.you\u200Btube.com/watch?v=abc"],
    ["a control character", "https://www.youtube.com/watch?v=abc\u0000"],
    ["not a link", "my match on youtube"],
  ])("refuses %s", (_what, input) => {
    expect(fullMatchUrlOf(input)).toBeNull();
  });
});

describe("profileFieldsSchema: where the player plays and the full match", () => {
  it("leaves all three out for a client that does not send them (the companion app)", () => {
    const parsed = profileFieldsSchema.parse(fields);
    expect(parsed).toMatchObject({ province: null, town: null, fullMatchUrl: null });
  });

  it("keeps a province, a cleaned town and a checked link; blanks become null", () => {
    expect(
      profileFieldsSchema.parse({
        ...fields,
        province: "north-western",
        town: "  Solwezi\u200B  ",
        fullMatchUrl: " https://youtu.be/abc ",
      }),
    ).toMatchObject({ province: "north-western", town: "Solwezi", fullMatchUrl: "https://youtu.be/abc" });
    expect(profileFieldsSchema.parse({ ...fields, province: "", town: "   ", fullMatchUrl: "" })).toMatchObject({
      province: null,
      town: null,
      fullMatchUrl: null,
    });
  });

  it("refuses an unknown province, a long or hostile town and a link elsewhere, each beside its field", () => {
    expect(
      issuesOf(profileFieldsSchema, {
        ...fields,
        province: "gauteng",
        town: "K".repeat(61),
        fullMatchUrl: "https://vimeo.com/1",
      }),
    ).toEqual({
      province: PROFILE_CHECKS.provinceSelect,
      town: PROFILE_CHECKS.townTooLong,
      fullMatchUrl: PROFILE_CHECKS.fullMatchInvalid,
    });
    expect(issuesOf(profileFieldsSchema, { ...fields, town: "Kit\u0007we" })).toHaveProperty("town");
    expect(issuesOf(profileFieldsSchema, { ...fields, fullMatchUrl: `https://youtu.be/${"a".repeat(500)}` })).toEqual({
      fullMatchUrl: PROFILE_CHECKS.fullMatchTooLong,
    });
  });

  it("the web form asks for the province and the town, beside the other fields' messages", () => {
    expect(issuesOf(profileFormSchema, { ...fields, province: "", town: "  " })).toEqual({
      province: PROFILE_CHECKS.provinceRequired,
      town: PROFILE_CHECKS.townRequired,
    });
    expect(issuesOf(profileFormSchema, { ...fields, position: "", province: "", town: "" })).toMatchObject({
      province: PROFILE_CHECKS.provinceRequired,
      town: PROFILE_CHECKS.townRequired,
    });
    expect(issuesOf(profileFormSchema, { ...fields, province: "gauteng", town: "Matero" })).toEqual({
      province: PROFILE_CHECKS.provinceSelect,
    });
    expect(profileFormSchema.safeParse({ ...fields, province: "lusaka", town: "Matero" }).success).toBe(true);
  });
});

describe("placeText", () => {
  it("reads town and province, or what there is of them", () => {
    expect(placeText({ town: "Kitwe", province: "copperbelt" })).toBe("Kitwe, Copperbelt Province");
    expect(placeText({ town: null, province: "north-western" })).toBe("North-Western Province");
    expect(placeText({ town: null, province: null })).toBe("");
  });
});
