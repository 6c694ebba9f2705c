import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PlayerEndorsements, PlayerEndorsementView } from "@touchline/contract/coaches";
import { COACH } from "@touchline/contract/messages";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { CoachPanel } from "./coach-panel.tsx";

const ROUTE = "/api/player/coaches";

const ask = (overrides: Partial<PlayerEndorsementView> = {}): PlayerEndorsementView => ({
  id: "0b6e3f00-0000-4000-8000-0000000000c1",
  coachName: "Daniel Mumba",
  role: "head-coach",
  club: "Kalulushi Stars FC",
  state: "pending",
  askedAt: "2026-11-27T10:00:00.000Z",
  textedAt: "2026-11-27T10:00:00.000Z",
  expiresAt: "2026-12-11T10:00:00.000Z",
  answeredAt: null,
  team: null,
  since: null,
  revokeReason: null,
  ...overrides,
});
const coaches = (endorsements: PlayerEndorsementView[], more: Partial<PlayerEndorsements> = {}) => ({
  endorsements,
  canAsk: true,
  cannotAskReason: null,
  ...more,
});

const panel = () => screen.findByRole("region", { name: COACH.sectionTitle });

describe("CoachPanel", () => {
  it("checks the form first, then texts the coach with the number in full and lists the ask", async () => {
    const api = mockApi({
      [`GET ${ROUTE}`]: () => jsonResponse(200, coaches([])),
      [`POST ${ROUTE}`]: () => jsonResponse(200, { message: COACH.sent("Daniel Mumba"), coaches: coaches([ask()]) }),
    });
    const { user } = renderScreen(<CoachPanel />);
    expect(await panel()).toHaveTextContent(COACH.none);

    await user.click(await screen.findByRole("button", { name: COACH.askButton }));
    for (const message of [COACH.nameRequired, COACH.clubRequired, COACH.roleRequired, COACH.phoneRequired])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls(`POST ${ROUTE}`)).toEqual([]);

    await user.type(screen.getByLabelText(COACH.nameLabel), "Daniel Mumba");
    await user.type(screen.getByLabelText(COACH.clubLabel), "Kalulushi Stars FC");
    await user.selectOptions(screen.getByLabelText(COACH.roleLabel), "head-coach");
    await user.type(screen.getByLabelText(COACH.phoneLabel), "0971 234567");
    await user.click(screen.getByRole("button", { name: COACH.askButton }));

    expect(await screen.findByText(COACH.sent("Daniel Mumba"))).toBeInTheDocument();
    const item = within(await screen.findByRole("article", { name: "Daniel Mumba, Kalulushi Stars FC" }));
    expect(item.getByText(COACH.stateText.pending)).toBeInTheDocument();
    expect(api.calls(`POST ${ROUTE}`).map(({ body }) => body)).toEqual([
      { coachName: "Daniel Mumba", club: "Kalulushi Stars FC", role: "head-coach", coachPhone: "+260971234567" },
    ]);
    // The form is empty again for the next coach.
    expect(screen.getByLabelText(COACH.nameLabel)).toHaveValue("");
  });

  it("puts the server's refusal beside the phone number", async () => {
    mockApi({
      [`GET ${ROUTE}`]: () => jsonResponse(200, coaches([])),
      [`POST ${ROUTE}`]: () =>
        jsonResponse(409, { message: COACH.alreadyWaiting, errors: { coachPhone: COACH.alreadyWaiting } }),
    });
    const { user } = renderScreen(<CoachPanel />);
    await user.type(await screen.findByLabelText(COACH.nameLabel), "Daniel Mumba");
    await user.type(screen.getByLabelText(COACH.clubLabel), "Kalulushi Stars FC");
    await user.selectOptions(screen.getByLabelText(COACH.roleLabel), "youth-coach");
    await user.type(screen.getByLabelText(COACH.phoneLabel), "0971234567");
    await user.click(screen.getByRole("button", { name: COACH.askButton }));
    const phone = screen.getByLabelText(COACH.phoneLabel);
    await waitFor(() => expect(phone).toHaveAccessibleDescription(COACH.alreadyWaiting));
    expect(phone).toHaveFocus();
  });

  it("says why the player cannot ask yet, and offers no form", async () => {
    mockApi({
      [`GET ${ROUTE}`]: () => jsonResponse(200, coaches([], { canAsk: false, cannotAskReason: COACH.notPublic })),
    });
    renderScreen(<CoachPanel />);
    expect(await panel()).toHaveTextContent(COACH.notPublic);
    expect(screen.queryByRole("button", { name: COACH.askButton })).toBeNull();
  });

  it("says where each ask stands, and removes one only after asking", async () => {
    const confirmed = ask({
      id: "0b6e3f00-0000-4000-8000-0000000000c2",
      state: "confirmed",
      answeredAt: "2026-11-27T10:00:00.000Z",
      expiresAt: null,
      team: "U17",
      since: "2024-03",
    });
    const declined = ask({
      id: "0b6e3f00-0000-4000-8000-0000000000c3",
      coachName: "Grace Lungu",
      club: "Roan Academy",
      state: "declined",
      expiresAt: null,
    });
    const held = ask({ id: "0b6e3f00-0000-4000-8000-0000000000c4", coachName: "Peter Sakala", textedAt: null });
    const api = mockApi({
      [`GET ${ROUTE}`]: () => jsonResponse(200, coaches([confirmed, declined, held])),
      [`DELETE ${ROUTE}/:id`]: () => jsonResponse(200, { message: COACH.removed, coaches: coaches([declined, held]) }),
    });
    const { user } = renderScreen(<CoachPanel />);
    const vouched = within(await screen.findByRole("article", { name: "Daniel Mumba, Kalulushi Stars FC" }));
    expect(vouched.getByText(/Confirmed by Head coach of Kalulushi Stars FC, November 2026/)).toHaveTextContent(
      "U17, since March 2024",
    );
    expect(screen.getByRole("article", { name: "Grace Lungu, Roan Academy" })).toHaveTextContent(COACH.declinedNote);
    expect(screen.getByRole("article", { name: "Peter Sakala, Kalulushi Stars FC" })).toHaveTextContent(
      COACH.stateText.held,
    );

    await user.click(vouched.getByRole("button", { name: "Remove Daniel Mumba" }));
    const dialog = await screen.findByRole("alertdialog", { name: COACH.removeTitle });
    expect(dialog).toHaveTextContent("Your profile will no longer show");
    expect(api.calls(`DELETE ${ROUTE}/:id`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: COACH.removeConfirm }));
    expect(await screen.findByText(COACH.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Daniel Mumba, Kalulushi Stars FC" })).toBeNull());
    expect(api.calls(`DELETE ${ROUTE}/:id`).map(({ url }) => url)).toEqual([`${ROUTE}/${confirmed.id}`]);
  });

  it("tells the player plainly that a coach's yes waits for a check before it shows", async () => {
    mockApi({
      [`GET ${ROUTE}`]: () =>
        jsonResponse(
          200,
          coaches([
            ask({
              state: "checking",
              expiresAt: null,
              answeredAt: "2026-11-28T10:00:00.000Z",
              team: "U17",
              since: "2024-03",
            }),
          ]),
        ),
    });
    renderScreen(<CoachPanel />);
    const item = within(await screen.findByRole("article", { name: "Daniel Mumba, Kalulushi Stars FC" }));
    expect(item.getByText(COACH.stateText.checking)).toBeInTheDocument();
    expect(item.getByText(COACH.checkingNote)).toBeInTheDocument();
    expect(COACH.checkingNote).toContain("Nothing shows publicly until then.");
  });
});
