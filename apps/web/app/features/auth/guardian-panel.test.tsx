import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { GUARDIAN, type PlayerGuardianStatus } from "@touchline/contract/guardian";
import { GuardianPanel } from "./guardian-panel.tsx";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

const GUARDIAN_ROUTE = "/api/player/guardian";

const status = (overrides: Partial<PlayerGuardianStatus> = {}): PlayerGuardianStatus => ({
  state: "waiting",
  guardianName: "Grace Banda",
  guardianPhone: "+260 95*****56",
  ...overrides,
});

describe("GuardianPanel", () => {
  it("shows nothing to a player of 18 or older", async () => {
    const api = mockApi({ [`GET ${GUARDIAN_ROUTE}`]: () => jsonResponse(200, { guardian: null }) });
    renderScreen(<GuardianPanel />);
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    // Let the answer reach the component before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Parent or guardian consent" })).toBeNull();
  });

  it("asks a minor with no guardian for one, then says the link is on its way", async () => {
    const api = mockApi({
      [`GET ${GUARDIAN_ROUTE}`]: () =>
        jsonResponse(200, { guardian: status({ state: "none", guardianName: null, guardianPhone: null }) }),
      [`PUT ${GUARDIAN_ROUTE}`]: () => jsonResponse(200, { message: GUARDIAN.invitationSent, guardian: status() }),
    });
    const { user } = renderScreen(<GuardianPanel />);
    const panel = await screen.findByRole("region", { name: "Parent or guardian consent" });
    expect(panel).toHaveTextContent("name a parent or guardian");
    await user.click(await screen.findByRole("button", { name: "Text them the link" }));
    expect(await screen.findByText(GUARDIAN.nameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Parent's or guardian's name"), "Grace Banda");
    await user.type(screen.getByLabelText("Parent's or guardian's phone number"), "0955 123456");
    await user.click(screen.getByRole("button", { name: "Text them the link" }));
    expect(await screen.findByText(GUARDIAN.invitationSent)).toBeInTheDocument();
    expect(panel).toHaveTextContent(GUARDIAN.stateSentence.waiting);
    expect(panel).toHaveTextContent("We asked Grace Banda (+260 95*****56)");
    expect(api.calls(`PUT ${GUARDIAN_ROUTE}`).map(({ url, body }) => ({ url, body }))).toEqual([
      { url: "/api/player/guardian", body: { guardianName: "Grace Banda", guardianPhone: "+260955123456" } },
    ]);
  });

  it("with the status the server read for the page: is there from the first render, before any answer", () => {
    mockApi({ [`GET ${GUARDIAN_ROUTE}`]: () => jsonResponse(200, { guardian: status({ state: "given" }) }) });
    renderScreen(<GuardianPanel loaded={status()} />);
    // Synchronous: the panel is in the server's HTML, not filled in above the profile later.
    const panel = screen.getByRole("region", { name: "Parent or guardian consent" });
    expect(panel).toHaveTextContent(GUARDIAN.stateSentence.waiting);
  });

  it("with the server's word that no guardian is needed: shows nothing", () => {
    mockApi({ [`GET ${GUARDIAN_ROUTE}`]: () => jsonResponse(200, { guardian: status() }) });
    renderScreen(<GuardianPanel loaded={null} />);
    expect(screen.queryByRole("region", { name: "Parent or guardian consent" })).toBeNull();
  });

  it("offers no form once the guardian has agreed", async () => {
    mockApi({ [`GET ${GUARDIAN_ROUTE}`]: () => jsonResponse(200, { guardian: status({ state: "given" }) }) });
    renderScreen(<GuardianPanel />);
    expect(await screen.findByText(GUARDIAN.stateSentence.given)).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
