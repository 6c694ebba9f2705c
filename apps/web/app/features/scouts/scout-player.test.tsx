import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FIELD } from "@touchline/contract/messages";
import { SCOUT, type ScoutSentRequest, type ShortlistView } from "@touchline/contract/scouts";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse as json, renderScreen } from "../../test/render.tsx";
import { publicPlayer } from "../../test/talent-fixtures.ts";
import { SCOUT_QUERY } from "./scout-api.ts";
import { ScoutPlayer } from "./scout-player.tsx";

const player = publicPlayer();

type ListFixture = { id: string; name: string; entries?: ShortlistView["entries"] };

function setup(lists: ListFixture[] = [], requests: ScoutSentRequest[] = []) {
  const api = mockApi({
    "GET /api/scouts/me": () => json(200, { scout: { state: "verified" } }),
    "GET /api/talent/players/:username": () => json(200, player),
    "GET /api/scouts/shortlists": () => json(200, { shortlists: lists.map((list) => ({ entries: [], ...list })) }),
    "GET /api/scouts/requests": () => json(200, { requests }),
    "POST /api/scouts/players/:username/seen": () =>
      json(200, { shortlists: lists.map((list) => ({ entries: [], ...list })) }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SCOUT_QUERY, { scout: { state: "verified" } });
  const rendered = renderScreen(<ScoutPlayer username={player.username} />, { queryClient });
  return { api, ...rendered };
}

const section = (name: string) => within(screen.getByRole("region", { name }));

const entry = (note: string) => ({
  username: player.username,
  firstName: player.firstName,
  note,
  addedAt: "2026-11-20T10:00:00.000Z",
  isPublic: true,
  updated: false,
});

export function sentRequest(overrides: Partial<ScoutSentRequest> = {}): ScoutSentRequest {
  return {
    id: "rq_1",
    kind: "trial",
    message: "Come to our open trial.",
    trialDate: "2026-12-12",
    trialTime: "09:30",
    trialPlace: "Nkana Stadium, Kitwe",
    state: "open",
    sentAt: "2026-11-21T08:00:00.000Z",
    answeredAt: null,
    player: { username: player.username, firstName: player.firstName },
    contact: null,
    outcome: null,
    ...overrides,
  };
}

describe("ScoutPlayer", () => {
  it("counts opening the page as the scout's look at the player, for the lists' \"Updated\" mark", async () => {
    const { api } = setup([{ id: "sl_1", name: "Wingers", entries: [entry("Quick on the left")] }]);
    await screen.findByRole("region", { name: "Shortlists and notes" });
    await waitFor(() => expect(api.calls("POST /api/scouts/players/:username/seen")).toHaveLength(1));
    expect(api.calls("POST /api/scouts/players/:username/seen")[0]!.url).toBe(
      `/api/scouts/players/${player.username}/seen`,
    );
  });

  it("shows the lists the player is on with the notes, and takes them off one", async () => {
    const lists = [
      { id: "sl_1", name: "Wingers", entries: [entry("Quick on the left")] },
      { id: "sl_2", name: "Later", entries: [] },
    ];
    const { api, user } = setup(lists);
    const shortlist = within(await screen.findByRole("region", { name: "Shortlists and notes" }));
    expect(await shortlist.findByText("Quick on the left")).toBeInTheDocument();
    expect(shortlist.queryByText(/Later ·/)).not.toBeInTheDocument();
    api.set("DELETE /api/scouts/shortlists/:id/players/:username", () =>
      json(200, { shortlists: lists.map((list) => ({ ...list, entries: [] })) }),
    );
    await user.click(shortlist.getByRole("button", { name: "Remove from Wingers" }));
    expect(await shortlist.findByText(`${player.firstName} is on none of your shortlists yet.`)).toBeInTheDocument();
    expect(api.calls("DELETE /api/scouts/shortlists/:id/players/:username")[0]!.url).toBe(
      `/api/scouts/shortlists/sl_1/players/${player.username}`,
    );
  });

  it("lists the scout's history with this player only: what was sent, when, and the answer", async () => {
    const others = sentRequest({ id: "rq_9", player: { username: "someone-else", firstName: "Other" } });
    const answered = sentRequest({
      id: "rq_2",
      kind: "contact",
      trialDate: null,
      trialTime: null,
      trialPlace: null,
      state: "declined",
      answeredAt: "2026-11-22T08:00:00.000Z",
      outcome: SCOUT.declinedForScout,
    });
    const accepted = sentRequest({
      id: "rq_3",
      state: "accepted",
      contact: {
        name: "Mwila Banda",
        username: player.username,
        phoneNumber: "+260979000002",
        email: "mwila@example.org",
        guardian: null,
      },
    });
    setup([], [accepted, sentRequest(), answered, others]);
    const history = within(await screen.findByRole("region", { name: `Your history with ${player.firstName}` }));
    expect(await history.findAllByRole("listitem")).toHaveLength(3);
    expect(history.getByRole("link", { name: "+260 97 900 0002" })).toHaveAttribute("href", "tel:+260979000002");
    expect(history.getByRole("link", { name: "WhatsApp Mwila Banda" })).toHaveAttribute(
      "href",
      "https://wa.me/260979000002",
    );
    expect(history.getByRole("link", { name: "mwila@example.org" })).toHaveAttribute(
      "href",
      "mailto:mwila@example.org",
    );
    expect(history.getAllByText(/Trial on/)[0]).toHaveTextContent("Nkana Stadium, Kitwe");
    expect(history.getByText(SCOUT.declinedForScout)).toBeInTheDocument();
    expect(history.getByText(/Declined/).closest("p")).toHaveTextContent(/Declined on \S/);
    expect(history.queryByText(/Other/)).not.toBeInTheDocument();
  });

  it("asks for a list or a new list's name before sending anything", async () => {
    const { api, user } = setup();
    await screen.findByRole("heading", { level: 1 });
    await user.click(screen.getByRole("button", { name: "Add to shortlist" }));
    const shortlist = section("Shortlists and notes");
    expect(await shortlist.findByText(SCOUT.shortlistChooseOrName)).toBeInTheDocument();
    expect(shortlist.getByText(FIELD.fieldsToCorrect)).toBeInTheDocument();
    // Nothing of the form is sent (opening the page only counts as the scout's look).
    const sent = api.sent.filter((request) => request.method !== "GET" && !request.url.endsWith("/seen"));
    expect(sent).toHaveLength(0);
  });

  it("creates the named list and puts the player on it with the note", async () => {
    const { api, user } = setup();
    await screen.findByRole("heading", { level: 1 });
    const created = { shortlists: [{ id: "sl_1", name: "Wingers", entries: [] }] };
    api.set("POST /api/scouts/shortlists", () => json(200, created));
    api.set("PUT /api/scouts/shortlists/:id/players/:username", () => json(200, created));
    await user.type(screen.getByLabelText("Name of the new shortlist"), "  Wingers ");
    await user.type(screen.getByLabelText(/Private note/), "Quick on the left");
    await user.click(screen.getByRole("button", { name: "Add to shortlist" }));
    expect(await screen.findByText("Added to your shortlist.")).toBeInTheDocument();
    expect(api.calls("POST /api/scouts/shortlists")[0]!.body).toEqual({ name: "Wingers" });
    expect(api.calls("PUT /api/scouts/shortlists/:id/players/:username")[0]!.url).toBe(
      `/api/scouts/shortlists/sl_1/players/${player.username}`,
    );
    expect(api.calls("PUT /api/scouts/shortlists/:id/players/:username")[0]!.body).toEqual({
      note: "Quick on the left",
    });
  });

  it("opens the invitation form, checks a trial's date, place and message, then shows the server's refusal", async () => {
    const { api, user } = setup();
    await screen.findByRole("heading", { level: 1 });
    const invite = section(`Invite ${player.firstName}`);
    // The form opens on demand, with the focus on its first field.
    expect(invite.queryByLabelText("Message")).not.toBeInTheDocument();
    await user.click(invite.getByRole("button", { name: `Write to ${player.firstName}` }));
    expect(await invite.findByLabelText("What to send")).toHaveFocus();
    expect(invite.queryByRole("button", { name: `Write to ${player.firstName}` })).not.toBeInTheDocument();
    await user.click(invite.getByRole("button", { name: "Send the invitation" }));
    expect(await invite.findByText(SCOUT.messageRequired)).toBeInTheDocument();
    expect(invite.getByText(FIELD.fieldsToCorrect)).toBeInTheDocument();
    // The trial's own rules are checked once the fields every request has are right.
    await user.type(invite.getByLabelText("Message"), "We would like to talk.");
    await user.click(invite.getByRole("button", { name: "Send the invitation" }));
    expect(await invite.findByText(SCOUT.trialDateRequired)).toBeInTheDocument();
    expect(invite.getByText(SCOUT.trialTimeRequired)).toBeInTheDocument();
    expect(invite.getByText(SCOUT.trialPlaceRequired)).toBeInTheDocument();

    api.set("POST /api/scouts/requests", () => json(429, { message: SCOUT.requestLimit }));
    await user.selectOptions(invite.getByLabelText("What to send"), "contact");
    expect(invite.queryByLabelText("Place")).not.toBeInTheDocument();
    await user.click(invite.getByRole("button", { name: "Send the request" }));
    expect(await invite.findByText(SCOUT.requestLimit)).toBeInTheDocument();
    expect(api.calls("POST /api/scouts/requests")[0]!.body).toEqual({
      username: player.username,
      kind: "contact",
      message: "We would like to talk.",
      trialDate: "",
      trialTime: "",
      trialPlace: "",
    });
  });
});
