import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CoachAskView } from "@touchline/contract/coaches";
import { COACH_PAGE } from "@touchline/contract/messages";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { CoachVouch } from "./coach-vouch.tsx";

const TOKEN = "A".repeat(43);
const VIEW = "POST /api/coach-vouch/view";
const ANSWER = "POST /api/coach-vouch/answer";

const view: CoachAskView = {
  coachName: "Daniel Mumba",
  role: "head-coach",
  club: "Kalulushi Stars FC",
  player: {
    username: "mwila10",
    firstName: "Mwila",
    lastInitial: "B",
    age: null,
    ageBand: "under-18",
    position: "striker",
    secondaryPosition: "left-winger",
    province: "copperbelt",
    town: "Kalulushi",
    cover: { variants: [{ url: "/api/media/0b6e3f00-0000-4000-8000-000000000001?w=320", width: 320, height: 240 }] },
  },
};

const openAt = (hash: string) => {
  window.location.hash = hash;
  return renderScreen(<CoachVouch />);
};
afterEach(() => {
  window.location.hash = "";
});

describe("CoachVouch", () => {
  it("shows who asks and the player as the public sees them, and sends a yes with the team and month", async () => {
    const api = mockApi({
      [VIEW]: () => jsonResponse(200, view),
      [ANSWER]: () => jsonResponse(200, { message: COACH_PAGE.thanksYes }),
    });
    const { user } = openAt(`#vouch=${TOKEN}`);
    expect(await screen.findByRole("heading", { level: 1, name: COACH_PAGE.pageTitle })).toBeInTheDocument();
    expect(screen.getByText(COACH_PAGE.greeting("Daniel Mumba"))).toBeInTheDocument();
    expect(screen.getByText(COACH_PAGE.claim("Mwila B.", "Head coach", "Kalulushi Stars FC"))).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Photo of Mwila B." })).toHaveAttribute(
      "src",
      view.player.cover.variants[0]!.url,
    );
    expect(screen.getByText("Under 18")).toBeInTheDocument();
    expect(screen.getByText("Kalulushi, Copperbelt Province")).toBeInTheDocument();
    expect(api.calls(VIEW).map(({ body }) => body)).toEqual([{ token: TOKEN }]);

    await user.click(screen.getByRole("button", { name: COACH_PAGE.yesButton }));
    for (const message of [COACH_PAGE.teamRequired, COACH_PAGE.sinceMonthRequired, COACH_PAGE.sinceYearRequired])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls(ANSWER)).toEqual([]);

    await user.type(screen.getByLabelText(COACH_PAGE.teamLabel), "U17");
    await user.selectOptions(screen.getByLabelText(COACH_PAGE.sinceMonthLabel), "March");
    await user.selectOptions(screen.getByLabelText(COACH_PAGE.sinceYearLabel), "2024");
    await user.click(screen.getByRole("button", { name: COACH_PAGE.yesButton }));
    expect(await screen.findByRole("status")).toHaveTextContent(COACH_PAGE.thanksYes);
    expect(api.calls(ANSWER).map(({ body }) => body)).toEqual([
      { token: TOKEN, answer: "yes", team: "U17", sinceMonth: "3", sinceYear: "2024" },
    ]);
  });

  it("answers no only after saying what the player is told", async () => {
    const api = mockApi({
      [VIEW]: () => jsonResponse(200, view),
      [ANSWER]: () => jsonResponse(200, { message: COACH_PAGE.thanksNo }),
    });
    const { user } = openAt(`#vouch=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: COACH_PAGE.noButton }));
    const dialog = await screen.findByRole("alertdialog", { name: COACH_PAGE.noTitle });
    expect(dialog).toHaveTextContent(COACH_PAGE.noWarning("Mwila"));
    expect(api.calls(ANSWER)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: COACH_PAGE.noConfirm }));
    expect(await screen.findByRole("status")).toHaveTextContent(COACH_PAGE.thanksNo);
    expect(api.calls(ANSWER).map(({ body }) => body)).toEqual([{ token: TOKEN, answer: "no" }]);
  });

  it("says the link is not valid when the address has no token, asking nothing", async () => {
    const requests = recordRequests();
    openAt("#vouch=short");
    expect(await screen.findByText(COACH_PAGE.linkInvalid)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("says the link is not valid when the server no longer knows it", async () => {
    mockApi({ [VIEW]: () => jsonResponse(404, { message: COACH_PAGE.linkInvalid, code: "COACH_LINK_INVALID" }) });
    openAt(`#vouch=${TOKEN}`);
    expect(await screen.findByText(COACH_PAGE.linkInvalid)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: COACH_PAGE.yesButton })).toBeNull();
  });
});
