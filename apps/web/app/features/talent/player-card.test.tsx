import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AGE_CHECK, TALENT } from "@touchline/contract/messages";
import { renderScreen } from "../../test/render.tsx";
import { publicPlayer } from "../../test/talent-fixtures.ts";
import { PlayerCard, placeholderColour } from "./player-card.tsx";

describe("PlayerCard", () => {
  it("gives each username a steady colour", () => {
    expect(placeholderColour("mwila10")).toBe(placeholderColour("mwila10"));
    expect(placeholderColour("mwila10")).not.toBe(placeholderColour("chipo_gk"));
    expect(placeholderColour("mwila10")).toMatch(/^hsl\(\d+ 45% 32%\)$/);
  });

  it("marks a player a coach confirmed, beside the age check, and nobody else", () => {
    renderScreen(
      <>
        <PlayerCard player={publicPlayer({ username: "vouched", endorsed: true, ageVerified: true })} />
        <PlayerCard player={publicPlayer({ username: "plain" })} />
      </>,
    );
    const [vouched, plain] = screen.getAllByRole("article");
    expect(vouched).toHaveTextContent(TALENT.endorsedBadge);
    expect(vouched).toHaveTextContent(AGE_CHECK.badge);
    expect(screen.getByTitle(TALENT.endorsedBadgeTitle)).toBeInTheDocument();
    expect(plain).not.toHaveTextContent(TALENT.endorsedBadge);
  });
});
