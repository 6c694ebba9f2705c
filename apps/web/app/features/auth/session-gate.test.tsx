import { screen } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_SCREENS } from "@touchline/contract/messages";
import { sessionFromAnswer, type SessionAnswer } from "@touchline/contract/session";
import { SessionGate } from "./session-gate.tsx";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { forgetEndedSession, saveLoginSession } from "../../lib/session-store.ts";

const SESSION_ROUTE = "GET /api/Authorization/session";

const session: SessionAnswer = {
  scoutId: "p1",
  username: "chanda10",
  email: "c@example.zm",
  phoneNumber: "+260971234567",
  firstName: "C",
  lastName: "M",
  role: "player",
};

describe("SessionGate", () => {
  // A login in this page (saved session) ends the "logged out here" state between tests.
  afterEach(() => saveLoginSession(sessionFromAnswer(session), false));

  it("shows the page to a logged-in player", async () => {
    mockApi({ [SESSION_ROUTE]: () => jsonResponse(200, session) });
    renderScreen(<SessionGate>secret page</SessionGate>, { path: "/player/settings" });
    expect(await screen.findByText("secret page")).toBeInTheDocument();
  });

  it("sends a visitor without a session to login, remembering the page", async () => {
    mockApi({ [SESSION_ROUTE]: () => jsonResponse(401, { message: "Please log in to continue." }) });
    renderScreen(<SessionGate>secret page</SessionGate>, { path: "/player/settings" });
    expect(await screen.findByTestId("location")).toHaveTextContent("/auth/player-login?next=%2Fplayer%2Fsettings");
    expect(screen.queryByText("secret page")).not.toBeInTheDocument();
  });

  it("offers a retry, not a logout, when the check itself fails", async () => {
    // A network failure, as a phone without signal sees it.
    const api = mockApi({ [SESSION_ROUTE]: () => HttpResponse.error() });
    const { user } = renderScreen(<SessionGate>secret page</SessionGate>, { path: "/player/settings" });
    expect(await screen.findByText(AUTH_SCREENS.sessionCheckFailed, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    api.set(SESSION_ROUTE, () => jsonResponse(200, session));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("secret page")).toBeInTheDocument();
  });

  it("leaves the way out to the code that logged the player out, instead of asking them to log in again", async () => {
    mockApi({ [SESSION_ROUTE]: () => jsonResponse(401, { message: "Please log in to continue." }) });
    forgetEndedSession();
    renderScreen(<SessionGate>secret page</SessionGate>, { path: "/player/settings" });
    // The same 401 that sends a visitor to the login screen above: here no redirect is made.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    expect(screen.queryByText("secret page")).not.toBeInTheDocument();
  });
});
