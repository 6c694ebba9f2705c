import { describe, expect, it } from "vitest";
import { ageText, coverSrcSet, filtersPath, lastKnownPage, playerCountText } from "./display.ts";
import { publicPlayer } from "../../test/talent-fixtures.ts";

describe("filtersPath", () => {
  it("keeps only the filled-in filters, trimmed, in a stable order, and never the page", () => {
    const form = new URLSearchParams({
      position: "striker",
      foot: "",
      q: "  Mwila  ",
      minAge: "16",
      maxAge: "",
      fitness: "good",
      page: "4",
      unknown: "x",
    });
    expect(filtersPath(form)).toBe("/players?q=Mwila&position=striker&minAge=16&fitness=good");
  });

  it("is the bare list when nothing is filled in", () => {
    expect(filtersPath(new URLSearchParams({ q: " ", position: "" }))).toBe("/players");
  });

  it("reads a submitted FormData", () => {
    const data = new FormData();
    data.set("minHeight", "170");
    data.set("maxHeight", "190");
    expect(filtersPath(data)).toBe("/players?minHeight=170&maxHeight=190");
  });
});

describe("cover and count display", () => {
  it("lists each width once, up to a maximum", () => {
    const player = publicPlayer();
    expect(coverSrcSet(player.cover, 640)).toBe(
      `${player.cover.variants[0]!.url} 320w, ${player.cover.variants[1]!.url} 640w`,
    );
    const small = { variants: [320, 640, 1280].map((w) => ({ url: `/api/media/x?w=${w}`, width: 200, height: 150 })) };
    expect(coverSrcSet(small)).toBe("/api/media/x?w=320 200w");
  });

  it("says how many players, with '+' when the count stopped at the cap", () => {
    expect(playerCountText({ total: 1, totalExact: true })).toBe("1 player");
    expect(playerCountText({ total: 5, totalExact: true })).toBe("5 players");
    expect(playerCountText({ total: 1000, totalExact: false })).toBe("1,000+ players");
  });

  it("knows the last page when the total is exact, and one beyond when it is not", () => {
    expect(lastKnownPage({ total: 25, totalExact: true, page: 1, pageSize: 12, hasNextPage: true })).toBe(3);
    expect(lastKnownPage({ total: 1000, totalExact: false, page: 2, pageSize: 12, hasNextPage: true })).toBe(84);
    expect(lastKnownPage({ total: 1020, totalExact: false, page: 85, pageSize: 12, hasNextPage: true })).toBe(86);
  });
});

describe("ageText", () => {
  it("gives adults their age in years and players under 18 only the band", () => {
    expect(ageText({ age: 19, ageBand: null })).toBe("19 years");
    expect(ageText({ age: 18, ageBand: null })).toBe("18 years");
    expect(ageText({ age: null, ageBand: "under-18" })).toBe("Under 18");
  });
});
