import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TALENT } from "@touchline/contract/messages";
import { readTalentQuery, type PublicPlayerList } from "@touchline/contract/talent";
import { playerList, publicPlayer } from "../../test/talent-fixtures.ts";
import { TalentList } from "./talent-list.tsx";
import { renderAt } from "../../test/talent-router.tsx";

const show = (url: string, list: PublicPlayerList) =>
  renderAt(url, ({ search }) => {
    const { query, errors } = readTalentQuery(new URLSearchParams(search));
    return <TalentList list={list} query={query} errors={errors} search={search} />;
  });

describe("TalentList", () => {
  it("shows a card per player: name with surname initial, positions, age (or 'Under 18'), foot, height, linked to the player page", () => {
    show(
      "/players",
      playerList([
        publicPlayer(),
        publicPlayer({
          username: "chipo_gk",
          firstName: "Chipo",
          lastInitial: "P",
          position: "goalkeeper",
          secondaryPosition: null,
          age: null,
          ageBand: "under-18",
          preferredFoot: "left",
          heightInCm: 190,
        }),
      ]),
    );
    expect(screen.getByRole("status")).toHaveTextContent("2 players");
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole("link", { name: "Mwila B." })).toHaveAttribute("href", "/players/mwila10");
    expect(first.getByText("Striker · Left Winger")).toBeInTheDocument();
    expect(first.getByText("19 years")).toBeInTheDocument();
    expect(first.getByText("Ambidextrous")).toBeInTheDocument();
    expect(first.getByText("178 cm")).toBeInTheDocument();
    expect(within(cards[1]!).getByText("Goalkeeper")).toBeInTheDocument();
    // A player under 18 shows the band, never an age in years.
    expect(within(cards[1]!).getByText("Under 18")).toBeInTheDocument();
    expect(cards[1]!.textContent).not.toMatch(/\d+ years/);
  });

  it("loads small WebP covers lazily with their size set, so nothing jumps", () => {
    const { container } = show("/players", playerList([publicPlayer()]));
    const img = container.querySelector("article img")!;
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img.getAttribute("src")).toMatch(/\?w=320$/);
    expect(img.getAttribute("srcset")).toMatch(/\?w=320 320w, .*\?w=640 640w$/);
    expect(img).toHaveAttribute("width", "320");
    expect(img).toHaveAttribute("height", "240");
  });

  it("pages with links that keep the filters", async () => {
    const list = playerList([publicPlayer()], { total: 30, page: 2, pageSize: 12, hasNextPage: true });
    show("/players?position=striker&page=2", list);
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "← Previous" })).toHaveAttribute(
      "href",
      "/players?position=striker#talent-list",
    );
    expect(screen.getByRole("link", { name: "Next →" })).toHaveAttribute(
      "href",
      "/players?position=striker&page=3#talent-list",
    );
  });

  it("says '1,000+' when the count stopped at the cap", () => {
    show("/players", playerList([publicPlayer()], { total: 1000, totalExact: false, hasNextPage: true }));
    expect(screen.getByRole("status")).toHaveTextContent("1,000+ players");
    expect(screen.getByText("Page 1 of 84+")).toBeInTheDocument();
  });

  it("tells an empty list from a filter that matches nobody", async () => {
    show("/players", playerList([]));
    expect(screen.getByRole("heading", { name: TALENT.noneYetTitle })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create your profile" })).toHaveAttribute("href", "/auth/player-register");
  });

  it("offers to clear filters that match nobody", async () => {
    const { user } = show("/players?position=goalkeeper&foot=both", playerList([]));
    expect(screen.getByRole("heading", { name: TALENT.noMatchesTitle })).toBeInTheDocument();
    expect(screen.getByText(TALENT.noMatchesText)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: TALENT.noneYetTitle })).toBeNull();
    const clear = screen.getAllByRole("link", { name: "Clear filters" });
    await user.click(clear.at(-1)!);
    expect(screen.getByTestId("location")).toHaveTextContent("/players#talent-list");
  });

  it("leads back from a page past the end", () => {
    show("/players?foot=left&page=9", playerList([], { total: 14, page: 9 }));
    expect(screen.getByRole("heading", { name: "No players on this page" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the first page" })).toHaveAttribute(
      "href",
      "/players?foot=left#talent-list",
    );
  });
});
