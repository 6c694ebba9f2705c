import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GUARDIAN, type PlayerGuardianStatus } from "@touchline/contract/guardian";
import { GuardianPanel } from "./guardian-panel.tsx";
import { jsonResponse, renderScreen, sentBodies } from "../../test/render.tsx";

afterEach(() => vi.unstubAllGlobals());

const status = (overrides: Partial<PlayerGuardianStatus> = {}): PlayerGuardianStatus => ({
  state: "waiting",
  guardianName: "Grace Banda",
  guardianPhone: "+260 95*****56",
  ...overrides,
});

describe("GuardianPanel", () => {
  it("shows nothing to a player of 18 or older", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { guardian: null }));
    vi.stubGlobal("fetch", fetchMock);
    renderScreen(<GuardianPanel />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Let the answer reach the component before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Parent or guardian consent" })).toBeNull();
  });

  it("asks a minor with no guardian for one, then says the link is on its way", async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === "PUT"
        ? jsonResponse(200, { message: GUARDIAN.invitationSent, guardian: status() })
        : jsonResponse(200, {
            guardian: status({ state: "none", guardianName: null, guardianPhone: null }),
          }),
    );
    vi.stubGlobal("fetch", fetchMock);
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
    expect(sentBodies(fetchMock).at(-1)).toEqual({
      url: "/api/player/guardian",
      body: { guardianName: "Grace Banda", guardianPhone: "+260955123456" },
    });
  });

  it("offers no form once the guardian has agreed", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, { guardian: status({ state: "given" }) })),
    );
    renderScreen(<GuardianPanel />);
    expect(await screen.findByText(GUARDIAN.stateSentence.given)).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
