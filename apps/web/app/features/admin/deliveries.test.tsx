import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DELIVERY_VIEW } from "@touchline/contract/delivery-view";
import { NOTIFICATIONS } from "@touchline/contract/notifications";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import type { DeliveryItem } from "@touchline/contract/notification-schemas";
import { fakeApi, json, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const delivery = (overrides: Partial<DeliveryItem>): DeliveryItem => ({
  id: "n1",
  event: "profile-approved",
  recipient: "Chipo Banda, +260 97* *** 567",
  channel: "sms",
  state: "sent",
  attempts: 1,
  providerId: "ATXid_4c2e9",
  lastError: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  sentAt: "2026-11-24T10:00:05.000Z",
  ...overrides,
});

const SENT = delivery({});
const RETRYING = delivery({
  id: "n2",
  event: "scout-verified",
  recipient: "Ruth Asante, r***@example.org",
  channel: "email",
  state: "retrying",
  attempts: 2,
  providerId: null,
  lastError: "Provider answered 503",
  sentAt: null,
});

describe("deliveries", () => {
  it("shows each delivery's state, attempts, provider id and last error, and filters by state", async () => {
    const api = fakeApi({
      "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
      "GET /api/admin/notifications": (_body, url) =>
        json(200, { notifications: url.searchParams.get("state") === "retrying" ? [RETRYING] : [SENT, RETRYING] }),
    });
    const { user } = renderConsole("/admin/deliveries");
    // The session, then the list: two round trips before the rows are there.
    const sent = within(
      await screen.findByRole(
        "listitem",
        {
          name: `${DELIVERY_VIEW.eventText["profile-approved"]} · SMS · ${SENT.recipient}`,
        },
        { timeout: 5_000 },
      ),
    );
    expect(sent.getByText(NOTIFICATIONS.stateText.sent, { selector: "span" })).toBeInTheDocument();
    expect(sent.getByText("Sent", { selector: "dt" }).nextElementSibling).toHaveTextContent("24 Nov 2026");
    expect(sent.getByText("Provider id").nextElementSibling).toHaveTextContent("ATXid_4c2e9");
    expect(sent.getByText("Attempts").nextElementSibling).toHaveTextContent("1");
    const retrying = within(
      screen.getByRole("listitem", {
        name: `${DELIVERY_VIEW.eventText["scout-verified"]} · E-mail · ${RETRYING.recipient}`,
      }),
    );
    expect(retrying.getByText(NOTIFICATIONS.stateText.retrying)).toBeInTheDocument();
    expect(retrying.getByText("Attempts").nextElementSibling).toHaveTextContent("2");
    expect(retrying.getByText("Last error").nextElementSibling).toHaveTextContent("Provider answered 503");
    expect(retrying.getByText(NOTIFICATIONS.channelText.email, { exact: false })).toBeInTheDocument();
    expect(api.calls("GET /api/admin/notifications")[0]!.url.search).toBe("?limit=100");

    await user.click(screen.getByRole("link", { name: NOTIFICATIONS.stateText.retrying }));
    expect(await screen.findByText("1 delivery")).toBeInTheDocument();
    expect(api.calls("GET /api/admin/notifications").at(-1)!.url.search).toBe("?state=retrying&limit=100");
  });

  it("says when there is nothing in a state", async () => {
    fakeApi({
      "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
      "GET /api/admin/notifications": () => json(200, { notifications: [] }),
    });
    renderConsole("/admin/deliveries?status=failed");
    expect(await screen.findByText(DELIVERY_VIEW.empty)).toBeInTheDocument();
  });
});

describe("the SMS budget alert", () => {
  it("names each country whose budget is reached, and what happens meanwhile", async () => {
    fakeApi({
      "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
      "GET /api/admin/notifications": () => json(200, { notifications: [SENT] }),
      "GET /api/admin/sms-budget": () =>
        json(200, {
          reached: [
            { country: "ZM", period: "hour", sent: 300, budget: 300, refused: 12, until: "2026-11-24T11:00:00.000Z" },
          ],
        }),
    });
    renderConsole("/admin/deliveries");
    const alert = within(await screen.findByRole("alert", {}, { timeout: 5_000 }));
    expect(alert.getByText(SMS_BUDGET.alertTitle)).toBeInTheDocument();
    expect(alert.getByText(SMS_BUDGET.alertLine("ZM", "hour", 300, 300), { exact: false })).toHaveTextContent(
      "Zambia: 300 of 300 SMS this hour.",
    );
    expect(alert.getByText(SMS_BUDGET.alertIntro)).toBeInTheDocument();
  });

  it("shows no alert while every budget holds", async () => {
    const api = fakeApi({
      "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
      "GET /api/admin/notifications": () => json(200, { notifications: [SENT] }),
      "GET /api/admin/sms-budget": () => json(200, { reached: [] }),
    });
    renderConsole("/admin/deliveries");
    await screen.findByRole(
      "listitem",
      { name: `${DELIVERY_VIEW.eventText["profile-approved"]} · SMS · ${SENT.recipient}` },
      { timeout: 5_000 },
    );
    await waitFor(() => expect(api.calls("GET /api/admin/sms-budget")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
