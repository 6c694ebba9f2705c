import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../../components/toast-host.tsx";
import { describe, expect, it } from "vitest";
import { INBOX } from "@touchline/contract/inbox";
import { AUTH } from "@touchline/contract/messages";
import { sessionFromAnswer } from "@touchline/contract/session";
import { readLoginSession, saveLoginSession } from "../../lib/session-store.ts";
import { mockApi, recordRequests, type ApiRoute } from "../../test/api-server.ts";
import { jsonResponse } from "../../test/render.tsx";
import PlayerLayout from "./layout.tsx";

const session = {
  scoutId: "p1",
  username: "chanda10",
  email: "chanda@example.zm",
  phoneNumber: "+260971234567",
  firstName: "Chanda",
  lastName: "Mulenga",
  role: "player" as const,
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const SESSION_ROUTE = "GET /api/Authorization/session";
const LOGOUT_ROUTE = "POST /api/Authorization/logout";
const loggedIn = {
  [SESSION_ROUTE]: () => jsonResponse(200, session),
  "GET /api/notifications": () => jsonResponse(200, { notifications: [], unread: 2 }),
};

/** Renders the layout around a stub page, with the API answering `routes`. */
function setup(routes: Record<string, ApiRoute>) {
  mockApi(routes);
  toast.dismiss();
  const Stub = createRoutesStub([
    { Component: PlayerLayout, children: [{ path: "/player/home", Component: () => <h1>Player home</h1> }] },
    { path: "*", Component: Where },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/player/home"]} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("PlayerLayout", () => {
  it("shows the bar's links and the user menu of the logged-in player", async () => {
    const user = setup(loggedIn);
    // The file's first render pays for loading the layout's modules: over a second on a busy machine.
    expect(await screen.findByRole("heading", { name: "Player home" }, { timeout: 5_000 })).toBeInTheDocument();
    const bar = screen.getByRole("navigation", { name: "Player area" });
    expect(within(bar).getByRole("link", { name: "Talent" })).toHaveAttribute("href", "/players");
    expect(within(bar).getByRole("link", { name: "My Profile" })).toHaveAttribute("href", "/player/profile");
    expect(await within(bar).findByRole("link", { name: INBOX.unreadLabel(2) })).toHaveAttribute(
      "href",
      "/player/home#inbox",
    );

    const menuButton = within(bar).getByRole("button", { name: /chanda10/ });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(within(bar).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/player/profile");
    expect(within(bar).getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/player/settings");
    await user.keyboard("{Escape}");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(menuButton).toHaveFocus();
  }, 15_000);

  it("links the mobile menu only to pages that exist", async () => {
    const user = setup(loggedIn);
    await screen.findByRole("heading", { name: "Player home" });
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = screen.getByRole("navigation", { name: "Player area menu" });
    const hrefs = within(menu)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual([
      "/player/home",
      "/players",
      "/player/profile",
      "/player/add-content",
      "/player/requests",
      "/player/settings",
    ]);
    expect(within(menu).getByRole("button", { name: "Log out" })).toBeInTheDocument();
  });

  it("asks before logging out; Cancel keeps the player logged in", async () => {
    const started = recordRequests();
    const user = setup(loggedIn);
    await user.click(await screen.findByRole("button", { name: /chanda10/ }));
    await user.click(
      within(screen.getByRole("navigation", { name: "Player area" })).getByRole("button", { name: "Log out" }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Log out" });
    expect(dialog).toHaveTextContent(AUTH.logoutConfirm);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(started.map(({ url }) => url)).not.toContain("/api/Authorization/logout");
    expect(screen.getByRole("heading", { name: "Player home" })).toBeInTheDocument();
  });

  it("logs out on the server, forgets the session in the browser and goes to login", async () => {
    saveLoginSession(sessionFromAnswer(session), true);
    const api = mockApi({ [LOGOUT_ROUTE]: () => jsonResponse(200, { message: AUTH.loggedOut }) });
    const user = setup(loggedIn);
    await user.click(await screen.findByRole("button", { name: /chanda10/ }));
    await user.click(
      within(screen.getByRole("navigation", { name: "Player area" })).getByRole("button", { name: "Log out" }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Log out" });
    await user.click(within(dialog).getByRole("button", { name: "Log out" }));
    // Plain login, not "login and come back here": the player chose to leave.
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/player-login$/);
    expect(api.calls(LOGOUT_ROUTE)).toHaveLength(1);
    expect(readLoginSession()).toBeNull();
    expect(await screen.findByText(AUTH.loggedOut)).toBeInTheDocument();
  });
});
