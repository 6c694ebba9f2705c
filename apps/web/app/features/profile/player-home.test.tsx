import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PlayerHome } from "./player-home.tsx";

describe("PlayerHome", () => {
  it("has an Upload Video button to the form and the three cards with every item", () => {
    render(
      <MemoryRouter>
        <PlayerHome firstName="Chanda" />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Upload Video" })).toHaveAttribute("href", "/player/add-content");
    const items = (name: string) =>
      within(screen.getByRole("region", { name }))
        .getAllByRole("listitem")
        .map((li) => li.textContent?.replace("✓", "").trim());
    expect(items("Content Guidelines")).toEqual([
      "Dribbling",
      "Goal scoring",
      "Defence moves",
      "Freestyle and trials",
      "Passing assists",
    ]);
    expect(items("Technical Specs")).toEqual([
      "Max 3 minutes",
      "MP4 format",
      "No offensive content",
      "Original content only",
      "Max 150MB",
    ]);
    expect(items("Benefits")).toEqual([
      "Scout visibility",
      "Coach attention",
      "National exposure",
      "Career opportunities",
      "Skill analysis",
    ]);
  });
});
