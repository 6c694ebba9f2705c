import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { INTEREST, type ProfileInterest } from "@touchline/contract/interest";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { InterestCard } from "./interest-card.tsx";

const COUNTS: ProfileInterest = {
  isPublic: true,
  visitors: 12,
  scouts: { total: 3, byKind: { club: 2, academy: 1, agency: 0, "national-team": 0 } },
  shortlisted: 2,
  savedSearches: 1,
  requests: 1,
};

describe("InterestCard", () => {
  it("arrives with the counts the server read, in plain sentences, without asking for them again", async () => {
    const api = mockApi({ "GET /api/player/interest": () => jsonResponse(500, { message: "not expected" }) });
    renderScreen(<InterestCard loaded={COUNTS} />);
    const card = screen.getByRole("region", { name: INTEREST.title });
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "12 people opened your profile this month.",
      "3 verified scouts looked at your profile this month: 2 clubs and 1 academy.",
      "2 scouts have you on a shortlist.",
      "You match 1 saved search of verified scouts.",
      "1 request from scouts this month.",
    ]);
    expect(within(card).queryByText(INTEREST.notPublic)).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent).toHaveLength(0);
  });

  it("reads the counts itself after a move in the browser, and says when the profile is not public", async () => {
    mockApi({ "GET /api/player/interest": () => jsonResponse(200, { ...COUNTS, isPublic: false }) });
    renderScreen(<InterestCard />);
    const card = await screen.findByRole("region", { name: INTEREST.title });
    expect(within(card).getByText(INTEREST.notPublic)).toBeInTheDocument();
  });

  it("shows nothing to a player without a profile", async () => {
    const api = mockApi({ "GET /api/player/interest": () => jsonResponse(404, { message: "No profile" }) });
    renderScreen(<InterestCard loaded={undefined} />);
    await expect.poll(() => api.sent.length).toBe(1);
    expect(screen.queryByRole("region", { name: INTEREST.title })).not.toBeInTheDocument();
  });
});
