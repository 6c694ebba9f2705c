import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SCOUT, type PlayerReceivedRequest } from "@touchline/contract/scouts";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { PlayerRequests } from "./player-requests.tsx";

const LIST = "GET /api/player/requests";
const ANSWER = "POST /api/player/requests/:id/:answer";

const request = (overrides: Partial<PlayerReceivedRequest> = {}): PlayerReceivedRequest => ({
  id: "req_1",
  kind: "trial",
  message: "Come to our open trial.",
  trialDate: "2026-12-12",
  trialTime: "09:30",
  trialPlace: "Nkana Stadium, Kitwe",
  state: "open",
  sentAt: "2026-11-25T08:00:00.000Z",
  answeredAt: null,
  scout: {
    id: "scout_1",
    name: "Sam Okafor",
    organisation: "Copperbelt Stars Academy",
    organisationKind: "academy",
    roleTitle: "Chief scout",
    verified: true,
  },
  playerAnswer: null,
  guardianAnswer: "waiting",
  contact: null,
  blocked: false,
  ...overrides,
});

describe("PlayerRequests", () => {
  it("shows who asks with the verified badge, and no contact details before everyone accepts", async () => {
    let current = request();
    const api = mockApi({
      [LIST]: () => jsonResponse(200, { requests: [current] }),
      [ANSWER]: () => {
        current = request({ playerAnswer: "accepted" });
        return jsonResponse(200, { message: SCOUT.acceptedWaitingGuardian, request: current });
      },
    });
    const { user } = renderScreen(<PlayerRequests />);
    const card = await screen.findByRole("listitem", { name: "Request from Copperbelt Stars Academy" });
    expect(card).toHaveTextContent("Sam Okafor, Chief scout at Copperbelt Stars Academy (Academy)");
    expect(card).toHaveTextContent("✓ Verified scout");
    expect(card).toHaveTextContent("Trial on 12 Dec 2026 at 09:30 (Lusaka time), Nkana Stadium, Kitwe");
    expect(within(card).getByRole("link", { name: "Map of Nkana Stadium, Kitwe" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=Nkana%20Stadium%2C%20Kitwe",
    );
    const calendar = within(card).getByRole("link", { name: "Add to calendar" });
    expect(calendar).toHaveAttribute("download", "trial-2026-12-12.ics");
    const ics = decodeURIComponent(calendar.getAttribute("href")!.replace(/^data:text\/calendar;charset=utf-8,/, ""));
    expect(ics.split("\r\n")).toEqual(
      expect.arrayContaining([
        "DTSTART;TZID=Africa/Lusaka:20261212T093000",
        "SUMMARY:Trial with Copperbelt Stars Academy",
        "LOCATION:Nkana Stadium\\, Kitwe",
      ]),
    );
    expect(card).toHaveTextContent("Player: not answered yet · Parent or guardian: not answered yet");

    await user.click(within(card).getByRole("button", { name: "Accept" }));
    expect(await screen.findByText(SCOUT.acceptedWaitingGuardian)).toBeInTheDocument();
    expect(api.calls(ANSWER).map((call) => call.url)).toEqual(["/api/player/requests/req_1/accept"]);
    expect(await within(card).findByText(/Player: accepted/)).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(card).not.toHaveTextContent("E-mail");
  });

  it("shows the scout's contact details once accepted, and reports a scout with a reason", async () => {
    const accepted = request({
      state: "accepted",
      playerAnswer: "accepted",
      guardianAnswer: null,
      contact: {
        name: "Sam Okafor",
        organisation: "Copperbelt Stars Academy",
        phoneNumber: "+447700900123",
        email: "sam@example.org",
      },
    });
    const api = mockApi({
      [LIST]: () => jsonResponse(200, { requests: [accepted] }),
      "POST /api/player/scouts/:scoutId/report": () => jsonResponse(200, { message: SCOUT.reported }),
    });
    const { user } = renderScreen(<PlayerRequests />);
    const card = await screen.findByRole("listitem", { name: "Request from Copperbelt Stars Academy" });
    expect(card).toHaveTextContent("+447700900123");
    expect(card).toHaveTextContent("sam@example.org");
    expect(within(card).getByRole("link", { name: "+447700900123" })).toHaveAttribute("href", "tel:+447700900123");
    expect(within(card).getByRole("link", { name: "WhatsApp Sam Okafor" })).toHaveAttribute(
      "href",
      "https://wa.me/447700900123",
    );
    expect(within(card).getByRole("link", { name: "sam@example.org" })).toHaveAttribute(
      "href",
      "mailto:sam@example.org",
    );

    await user.click(within(card).getByRole("button", { name: "Report this scout" }));
    await user.click(within(card).getByRole("button", { name: "Send the report" }));
    expect(await screen.findByText(SCOUT.reportReasonRequired)).toBeInTheDocument();
    await user.type(within(card).getByLabelText("What happened?"), "Asked me for money");
    await user.click(within(card).getByRole("button", { name: "Send the report" }));
    expect(await screen.findByText(SCOUT.reported)).toBeInTheDocument();
    expect(api.calls("POST /api/player/scouts/:scoutId/report").map(({ url, body }) => ({ url, body }))).toEqual([
      { url: "/api/player/scouts/scout_1/report", body: { reason: "Asked me for money" } },
    ]);
  });
});
