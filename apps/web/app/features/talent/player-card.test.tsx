import { describe, expect, it } from "vitest";
import { placeholderColour } from "./player-card.tsx";

describe("PlayerCard", () => {
  it("gives each username a steady colour", () => {
    expect(placeholderColour("mwila10")).toBe(placeholderColour("mwila10"));
    expect(placeholderColour("mwila10")).not.toBe(placeholderColour("chipo_gk"));
    expect(placeholderColour("mwila10")).toMatch(/^hsl\(\d+ 45% 32%\)$/);
  });
});
