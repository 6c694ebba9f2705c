import { describe, expect, it } from "vitest";
import { TALENT } from "./messages.ts";
import {
  coverVariant,
  hasTalentFilters,
  normalizeContactPhone,
  playerContactRequestSchema,
  publicAgeOf,
  readTalentQuery,
  talentListPath,
  talentListQuerySchema,
} from "./talent.ts";

describe("talentListQuerySchema", () => {
  it("reads URL strings into typed filters with defaults", () => {
    expect(
      talentListQuerySchema.parse({
        position: "striker",
        minAge: "16",
        maxHeight: "190",
        q: "  Mwila   B ",
        page: "2",
      }),
    ).toEqual({
      position: "striker",
      minAge: 16,
      maxHeight: 190,
      q: "Mwila B",
      page: 2,
      pageSize: 12,
    });
    expect(talentListQuerySchema.parse({ position: "", q: "   ", page: "" })).toEqual({ page: 1, pageSize: 12 });
  });
});

describe("readTalentQuery", () => {
  it("leaves out invalid parameters and says which", () => {
    const { query, errors } = readTalentQuery(
      new URLSearchParams("position=keeper&minAge=abc&foot=left&maxHeight=300"),
    );
    expect(query).toEqual({ foot: "left", page: 1, pageSize: 12 });
    expect(errors).toEqual({
      position: TALENT.positionInvalid,
      minAge: TALENT.ageInvalid(14, 60),
      maxHeight: TALENT.heightInvalid(100, 250),
    });
  });

  it("drops the minimum of a reversed range", () => {
    const { query, errors } = readTalentQuery({ minAge: "25", maxAge: "18" });
    expect(query).toMatchObject({ maxAge: 18 });
    expect(query.minAge).toBeUndefined();
    expect(errors).toEqual({ minAge: TALENT.ageRangeReversed });
  });

  it("reads a province of Zambia, and leaves out any other", () => {
    expect(readTalentQuery(new URLSearchParams("province=north-western&position=striker")).query).toEqual({
      province: "north-western",
      position: "striker",
      page: 1,
      pageSize: 12,
    });
    const { query, errors } = readTalentQuery(new URLSearchParams("province=Lusaka"));
    expect(query.province).toBeUndefined();
    expect(errors).toEqual({ province: TALENT.provinceInvalid });
    expect(talentListPath({ province: "copperbelt", foot: "left", page: 1, pageSize: 12 })).toBe(
      "/players?foot=left&province=copperbelt",
    );
  });

  it("keeps the first of a repeated parameter and ignores unknown ones", () => {
    expect(
      readTalentQuery(new URLSearchParams("position=striker&position=goalkeeper&utm_source=whatsapp")).query,
    ).toEqual({ position: "striker", page: 1, pageSize: 12 });
  });
});

describe("talentListPath", () => {
  it("writes only what is set, the page only past the first", () => {
    expect(talentListPath({ page: 1, pageSize: 12 })).toBe("/players");
    expect(talentListPath({ position: "striker", foot: "left", page: 3, pageSize: 12 })).toBe(
      "/players?position=striker&foot=left&page=3",
    );
    expect(talentListPath({ q: "mwila b", minAge: 16, page: 1, pageSize: 24 })).toBe(
      "/players?q=mwila+b&minAge=16&pageSize=24",
    );
  });

  it("round-trips through readTalentQuery", () => {
    const query = {
      q: "chipo",
      position: "goalkeeper",
      foot: "left",
      minAge: 15,
      maxAge: 18,
      minHeight: 170,
      maxHeight: 195,
      fitness: "good",
      page: 4,
      pageSize: 12,
    } as const;
    const path = talentListPath(query);
    expect(readTalentQuery(new URL(path, "http://x").searchParams).query).toEqual(query);
    expect(hasTalentFilters(query)).toBe(true);
    expect(hasTalentFilters({ page: 2, pageSize: 12 })).toBe(false);
  });
});

describe("contact requests", () => {
  it("normalises phone numbers people type", () => {
    expect(normalizeContactPhone("097 123 4567")).toBe("+260971234567");
    expect(normalizeContactPhone("+27 (82) 555-0123")).toBe("+27825550123");
    expect(normalizeContactPhone("12ab")).toBeNull();
    expect(normalizeContactPhone("123")).toBeNull();
  });

  it("makes the phone optional and everything else required", () => {
    const ok = playerContactRequestSchema.safeParse({
      name: "Kelvin",
      organisation: "Zesco United",
      email: "k@zesco.example",
      phone: "",
      message: "Trial?",
    });
    expect(ok.success && ok.data.phone).toBe(null);
    const bad = playerContactRequestSchema.safeParse({ name: "", organisation: " ", email: "x", message: "" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.path[0])).toEqual(["name", "organisation", "email", "message"]);
  });
});

describe("coverVariant", () => {
  const variant = (w: number, width: number) => ({ url: `/api/media/x?w=${w}`, width, height: width });
  it("picks the narrowest copy wide enough, else the first of the widest", () => {
    const big = { variants: [variant(320, 320), variant(640, 640), variant(1280, 1280)] };
    expect(coverVariant(big, 600)?.url).toBe("/api/media/x?w=640");
    expect(coverVariant(big, 2000)?.url).toBe("/api/media/x?w=1280");
    const small = { variants: [variant(320, 320), variant(640, 600), variant(1280, 600)] };
    expect(coverVariant(small, 640)?.url).toBe("/api/media/x?w=640");
  });
});

describe("publicAgeOf", () => {
  it("gives the exact age from 18 and only the band below", () => {
    expect(publicAgeOf(14)).toEqual({ age: null, ageBand: "under-18" });
    expect(publicAgeOf(17)).toEqual({ age: null, ageBand: "under-18" });
    expect(publicAgeOf(18)).toEqual({ age: 18, ageBand: null });
    expect(publicAgeOf(31)).toEqual({ age: 31, ageBand: null });
  });
});
