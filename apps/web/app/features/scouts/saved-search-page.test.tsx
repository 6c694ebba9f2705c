import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SavedSearchView } from "@touchline/contract/scouts";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse as json, renderScreen } from "../../test/render.tsx";
import { playerList, publicPlayer } from "../../test/talent-fixtures.ts";
import { SavedSearchPage } from "./saved-search-page.tsx";

const search: SavedSearchView = {
  id: "ss_1",
  name: "Left wingers",
  filters: { position: "left-winger", foot: "left" },
  channel: "email",
  subscribed: true,
  lastDigestAt: null,
  lastOpenedAt: "2026-11-20T08:00:00.000Z",
};
const older = publicPlayer({ username: "older1", firstName: "Older" });
const newer = publicPlayer({ username: "newer1", firstName: "Newer" });

describe("SavedSearchPage", () => {
  it("opens the search once, then lists its players with the new ones marked", async () => {
    const api = mockApi({
      "POST /api/scouts/searches/:id/open": () => json(200, { search }),
      "GET /api/scouts/searches/:id/players": () =>
        json(200, {
          search,
          newSince: "2026-11-20T08:00:00.000Z",
          list: playerList([newer, older]),
          newUsernames: ["newer1"],
        }),
    });
    renderScreen(
      <SavedSearchPage id="ss_1" card={(player, isNew) => <p>{`${player.username}${isNew ? " (New)" : ""}`}</p>} />,
    );
    expect(await screen.findByRole("heading", { name: "Left wingers" })).toBeInTheDocument();
    expect(screen.getByText("newer1 (New)")).toBeInTheDocument();
    expect(screen.getByText("older1")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("2 players match now · 1 new on this page since");
    expect(screen.getByRole("link", { name: "Change the filters in the talent list" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/players\?(?=.*position=left-winger)(?=.*foot=left)/),
    );
    // Opened before the list was read, and only once.
    expect(api.sent.map((request) => request.route)).toEqual([
      "POST /api/scouts/searches/:id/open",
      "GET /api/scouts/searches/:id/players",
    ]);
  });
});
