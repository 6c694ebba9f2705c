import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { publicPlayer } from "../../test/talent-fixtures.ts";
import { PlayerCard, placeholderColour } from "./player-card.tsx";

describe("PlayerCard in the server's HTML", () => {
  it("carries a placeholder in its first HTML: the initials on the player's own colour", () => {
    const player = publicPlayer();
    const Stub = createRoutesStub([{ path: "/", Component: () => <PlayerCard player={player} /> }]);
    const html = renderToString(<Stub />);
    const initials = `${player.firstName.charAt(0)}${player.lastInitial}`.toUpperCase();
    expect(html).toContain(`>${initials}</span>`);
    expect(html).toContain(`background-color:${placeholderColour(player.username)}`);
  });

  it("says where the player plays, and nothing for a profile that does not say", () => {
    const render = (player: ReturnType<typeof publicPlayer>) => {
      const Stub = createRoutesStub([{ path: "/", Component: () => <PlayerCard player={player} /> }]);
      return renderToString(<Stub />);
    };
    expect(render(publicPlayer({ province: "copperbelt", town: "Kitwe" }))).toContain("Kitwe, Copperbelt Province");
    const unknown = render(publicPlayer({ province: null, town: null }));
    expect(unknown).not.toContain("Plays in");
    expect(unknown).not.toContain("Province");
  });
});
