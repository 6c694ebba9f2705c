import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse as json, renderScreen } from "../../test/render.tsx";
import { forgetScoutBrowser, isScoutBrowser, markScoutBrowser } from "./scout-mark.ts";
import { ScoutToolsLink } from "./scout-tools-link.tsx";

const session = (role: string) => ({
  scoutId: "acc_1",
  username: "someone",
  email: "someone@example.org",
  phoneNumber: "+447700900123",
  firstName: "Ruth",
  lastName: "Asante",
  role,
});

const renderLink = () =>
  renderScreen(
    <ScoutToolsLink username="mwila" firstName="Mwila">
      <form aria-label="Send request" />
    </ScoutToolsLink>,
  );

describe("ScoutToolsLink", () => {
  afterEach(() => forgetScoutBrowser());

  it("gives visitors the request form and asks the server nothing", () => {
    const api = mockApi({});
    renderLink();
    expect(screen.getByRole("form", { name: "Send request" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Join as a verified scout" })).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  it("gives a logged-in scout a link to their page of the player instead of the form", async () => {
    markScoutBrowser();
    mockApi({ "GET /api/Authorization/session": () => json(200, session("scout")) });
    renderLink();
    const link = await screen.findByRole("link", { name: "Open Mwila in your scout area" });
    expect(link).toHaveAttribute("href", "/scouts/players/mwila");
    expect(screen.queryByRole("form", { name: "Send request" })).not.toBeInTheDocument();
  });

  it("brings the form back and forgets the mark when the scout's session has ended", async () => {
    markScoutBrowser();
    mockApi({ "GET /api/Authorization/session": () => json(401, { message: "Log in" }) });
    renderLink();
    await waitFor(() => expect(isScoutBrowser()).toBe(false));
    expect(await screen.findByRole("form", { name: "Send request" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /scout area/ })).not.toBeInTheDocument();
  });
});
