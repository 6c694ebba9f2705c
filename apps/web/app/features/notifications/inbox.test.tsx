import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { INBOX } from "@touchline/contract/inbox";
import type { InboxItem } from "@touchline/contract/notification-schemas";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { Inbox, UnreadCount } from "./inbox.tsx";

const item = (overrides: Partial<InboxItem>): InboxItem => ({
  id: "n1",
  event: "profile-approved",
  text: "Your profile is approved and public for 90 days.",
  link: "/player/profile",
  createdAt: "2026-11-24T10:00:00.000Z",
  readAt: null,
  ...overrides,
});

const APPROVED = item({});
const VIDEO = item({
  id: "n2",
  event: "video-ready",
  text: "Your video is ready.",
  link: null,
  createdAt: "2026-11-23T09:00:00.000Z",
  readAt: "2026-11-23T10:00:00.000Z",
});

describe("Inbox", () => {
  it("lists the messages with the unread ones marked, and the menu's count from the same request", async () => {
    const api = mockApi({
      "GET /api/notifications": () => jsonResponse(200, { notifications: [APPROVED, VIDEO], unread: 1 }),
    });
    renderScreen(
      <>
        <UnreadCount home="/player/home" />
        <Inbox />
      </>,
    );
    const inbox = await screen.findByRole("region", { name: /^Inbox/ });
    const rows = await within(inbox).findAllByRole("listitem");
    expect(rows[0]).toHaveTextContent(`${INBOX.newLabel}${APPROVED.text}`);
    expect(within(rows[0]!).getByRole("link", { name: INBOX.more })).toHaveAttribute("href", "/player/profile");
    expect(rows[1]).toHaveTextContent(VIDEO.text);
    expect(rows[1]).not.toHaveTextContent(INBOX.newLabel);
    expect(within(rows[1]!).queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: INBOX.unreadLabel(1) })).toHaveAttribute("href", "/player/home#inbox");
    expect(api.calls("GET /api/notifications")).toHaveLength(1);
  });

  it("marks a message read when its link is followed", async () => {
    const api = mockApi({
      "GET /api/notifications": () =>
        jsonResponse(200, {
          notifications: [APPROVED, item({ id: "n3", text: "A scout sent you a request." })],
          unread: 2,
        }),
      "POST /api/notifications/read": ({ body }) =>
        jsonResponse(200, { unread: (body as { ids?: string[] }).ids ? 1 : 0 }),
    });
    const { user } = renderScreen(
      <>
        <UnreadCount home="/player/home" />
        <Inbox />
      </>,
    );
    const inbox = await screen.findByRole("region", { name: /^Inbox/ });
    const [first] = await within(inbox).findAllByRole("listitem");
    await user.click(within(first!).getByRole("link", { name: INBOX.more }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/player/profile");
    expect(api.calls("POST /api/notifications/read").map((call) => call.body)).toEqual([{ ids: ["n1"] }]);
  });

  it("marks everything read with one tap and hides the button", async () => {
    const api = mockApi({
      "GET /api/notifications": () => jsonResponse(200, { notifications: [APPROVED], unread: 3 }),
      "POST /api/notifications/read": () => jsonResponse(200, { unread: 0 }),
    });
    const { user } = renderScreen(
      <>
        <UnreadCount home="/scouts" />
        <Inbox />
      </>,
    );
    expect(await screen.findByRole("link", { name: INBOX.unreadLabel(3) })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: INBOX.markAllRead }));
    expect(await screen.findByRole("link", { name: INBOX.unreadLabel(0) })).toHaveAttribute("href", "/scouts#inbox");
    expect(screen.queryByRole("button", { name: INBOX.markAllRead })).not.toBeInTheDocument();
    expect(screen.queryByText(INBOX.newLabel)).not.toBeInTheDocument();
    expect(api.calls("POST /api/notifications/read").map((call) => call.body)).toEqual([{}]);
  });

  it("says so when there is nothing yet, and when the list could not be loaded", async () => {
    mockApi({ "GET /api/notifications": () => jsonResponse(200, { notifications: [], unread: 0 }) });
    const first = renderScreen(<Inbox />);
    expect(await screen.findByText(INBOX.empty)).toBeInTheDocument();
    first.unmount();

    mockApi({ "GET /api/notifications": () => jsonResponse(500, { message: "down" }) });
    renderScreen(<Inbox />);
    expect(await screen.findByText(INBOX.loadFailed)).toBeInTheDocument();
  });
});
