import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { auditEntry, fakeApi, json, page, reviewItem, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const loggedInAs = (role: "player" | "reviewer" | "admin") =>
  fakeApi({
    "GET /api/Authorization/session": () => json(200, staffSession(role)),
    "GET /api/admin/reviews": () => json(200, page([reviewItem()])),
    "GET /api/admin/audit": () =>
      json(
        200,
        page([
          auditEntry({
            id: "a1",
            actor: "reviewer1",
            actorAccount: null,
            action: "review.approved",
            targetType: "profile",
            targetId: "profile_1",
            detail: null,
            createdAt: "2026-03-02T10:00:00.000Z",
          }),
        ]),
      ),
  });

describe("review console layout", () => {
  it("sends a visitor without a session to log in, and back to the console afterwards", async () => {
    fakeApi({ "GET /api/Authorization/session": () => json(401, { message: "Please log in to continue." }) });
    renderConsole("/admin/messages?status=handled");
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/auth/player-login?next=%2Fadmin%2Fmessages%3Fstatus%3Dhandled",
    );
  });

  it("shows a logged-in player the 403 page, not the console, and never calls the staff API", async () => {
    const api = loggedInAs("player");
    renderConsole("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: ADMIN_CONSOLE.forbiddenTitle })).toBeInTheDocument();
    expect(screen.getByText(ADMIN_CONSOLE.forbiddenText)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your player area" })).toHaveAttribute("href", "/player/home");
    expect(screen.queryByRole("navigation", { name: "Review console" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Review queue" })).not.toBeInTheDocument();
    expect(api.calls("GET /api/admin/reviews")).toHaveLength(0);
    // They can still log out (to log in as staff) or leave for the public site.
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Public site" })).toHaveAttribute("href", "/");
  });

  it("gives a reviewer the console without the audit log", async () => {
    const api = loggedInAs("reviewer");
    renderConsole("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Review queue" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Review console" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Review queue", "/admin"],
      ["Profile changes", "/admin/changes"],
      ["Age checks", "/admin/ages"],
      ["Coach confirmations", "/admin/endorsements"],
      ["Contact inbox", "/admin/messages"],
      ["Deletion requests", "/admin/deletions"],
      ["Scouts", "/admin/scouts"],
      ["Deliveries", "/admin/deliveries"],
    ]);
    expect(within(nav).getByRole("link", { name: "Review queue" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Public site" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
    expect(api.calls("GET /api/admin/audit")).toHaveLength(0);
  });

  it("shows a reviewer who types the audit address the 403 page", async () => {
    const api = loggedInAs("reviewer");
    renderConsole("/admin/audit");
    expect(await screen.findByRole("heading", { level: 1, name: ADMIN_CONSOLE.forbiddenTitle })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the review queue" })).toHaveAttribute("href", "/admin");
    expect(api.calls("GET /api/admin/audit")).toHaveLength(0);
  });

  it("gives an admin the audit log: who, what, when and the target", async () => {
    loggedInAs("admin");
    const { user } = renderConsole("/admin");
    await user.click(await screen.findByRole("link", { name: "Audit log" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    const entry = (await screen.findByText("reviewer1")).closest("li")!;
    expect(entry).toHaveTextContent("reviewer1 · Approved a profile");
    expect(entry).toHaveTextContent("Chanda Mulenga");
    expect(within(entry).getByText("2 Mar 2026, 12:00")).toHaveAttribute("datetime", "2026-03-02T10:00:00.000Z");
  });

  it("tells search engines to stay out", async () => {
    loggedInAs("reviewer");
    renderConsole("/admin");
    await screen.findByRole("heading", { level: 1, name: "Review queue" });
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});
