import { describe, expect, it } from "vitest";
import { publicPlayer } from "../../test/talent-fixtures.ts";
import { playerMeta } from "./player-meta.ts";

const find = (tags: ReturnType<typeof playerMeta>, property: string) =>
  tags
    .filter((tag) => "property" in tag && tag.property === property)
    .map((tag) => (tag as { content: string }).content);

describe("playerMeta", () => {
  it("previews the player with an absolute cover URL, as a profile", () => {
    const tags = playerMeta(publicPlayer(), "https://touchline.example");
    expect(tags).toContainEqual({ title: "Mwila B., Striker · Left Winger | Touchline" });
    expect(find(tags, "og:type")).toEqual(["profile"]);
    expect(find(tags, "og:image")).toEqual([
      "https://touchline.example/api/media/0b6e3f00-0000-4000-8000-000000000001?w=640",
    ]);
    expect(find(tags, "og:image:width")).toEqual(["640"]);
    expect(find(tags, "og:image:height")).toEqual(["480"]);
    expect(find(tags, "og:url")).toEqual(["https://touchline.example/players/mwila10"]);
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://touchline.example/players/mwila10",
    });
  });

  it("describes the player in a sentence a link preview can show, never longer than 200 characters", () => {
    const description = find(playerMeta(publicPlayer(), "https://t.example"), "og:description")[0]!;
    expect(description).toBe(
      "Mwila B., 19 years, Striker · Left Winger. Ambidextrous foot, 178 cm. Striker at Green Buffaloes academy in Lusaka. Quick, two-footed, loves to score.",
    );
    const long = find(
      playerMeta(publicPlayer({ aboutYourself: "word ".repeat(80) }), "https://t.example"),
      "og:description",
    )[0]!;
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith("…")).toBe(true);
  });

  it("describes a player under 18 by the band, never an age in years", () => {
    const minor = publicPlayer({ firstName: "Chipo", lastInitial: "P", age: null, ageBand: "under-18" });
    const description = find(playerMeta(minor, "https://t.example"), "og:description")[0]!;
    expect(description.startsWith("Chipo P., Under 18, Striker · Left Winger.")).toBe(true);
    expect(description).not.toMatch(/\d+ years/);
  });
});
