import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { TALENT } from "@touchline/contract/messages";
import { WithQueryClient } from "../../test/render.tsx";
import { publicPlayer } from "../../test/talent-fixtures.ts";
import { PlayerPage } from "./player-page.tsx";

const render = (player: ReturnType<typeof publicPlayer>) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => <PlayerPage player={player} /> }]);
  return renderToString(
    <WithQueryClient>
      <Stub />
    </WithQueryClient>,
  );
};

describe("PlayerPage in the server's HTML", () => {
  it("links the full match as a plain external link that passes on no referrer and no ranking", () => {
    const html = render(publicPlayer({ fullMatchUrl: "https://www.youtube.com/watch?v=abc&t=1" }));
    expect(html).toContain(
      `<a href="https://www.youtube.com/watch?v=abc&amp;t=1" rel="noopener noreferrer nofollow ugc"`,
    );
    expect(html).toContain(`>${TALENT.fullMatch}</a>`);
    expect(render(publicPlayer({ fullMatchUrl: null }))).not.toContain(TALENT.fullMatch);
  });

  it("says where the player plays", () => {
    expect(render(publicPlayer({ province: "north-western", town: "Solwezi" }))).toContain(
      "Solwezi, North-Western Province",
    );
  });

  it("shows each coach's confirmation by role and club, never by name", () => {
    const html = render(
      publicPlayer({
        endorsed: true,
        endorsements: [
          {
            role: "head-coach",
            club: "Kalulushi Stars FC",
            team: "U17",
            since: "2024-03",
            confirmedAt: "2026-11-30T23:30:00.000Z",
          },
        ],
      }),
    );
    // Answered at 01:30 on 1 December in Lusaka: the month is Lusaka's.
    expect(html).toContain("Confirmed by Head coach of Kalulushi Stars FC, December 2026");
    expect(html).toContain("U17, since March 2024");
    expect(render(publicPlayer())).not.toContain("Confirmed by");
  });
});
