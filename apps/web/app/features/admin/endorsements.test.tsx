import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { EndorsementCheckItem, EndorsementItem } from "@touchline/contract/coaches";
import { COACH_CONSOLE } from "@touchline/contract/messages";
import { fakeApi, json, page, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const ID = "0b6e3f00-0000-4000-8000-0000000000e1";
const confirmation: EndorsementItem = {
  id: ID,
  playerId: "0b6e3f00-0000-4000-8000-0000000000p1",
  username: "mwila10",
  firstName: "Mwila",
  lastName: "Banda",
  coachName: "Daniel Mumba",
  role: "head-coach",
  club: "Kalulushi Stars FC",
  team: "U17",
  since: "2024-03",
  confirmedAt: "2026-11-27T10:00:00.000Z",
};

describe("coach confirmations in the console", () => {
  it("shows what the coach confirmed, and revokes one with a reason after asking", async () => {
    const api = fakeApi({
      "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
      "GET /api/admin/endorsements": () => json(200, page([confirmation])),
      "GET /api/admin/endorsements/checks": () => json(200, page([])),
      [`POST /api/admin/endorsements/${ID}/revoke`]: () => json(200, { message: COACH_CONSOLE.revokedByStaff }),
    });
    const { user } = renderConsole("/admin/endorsements");
    const card = within(await screen.findByRole("article", { name: "Confirmation of Mwila Banda by Daniel Mumba" }));
    expect(card.getByText("Coach", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      "Daniel Mumba, Head coach at Kalulushi Stars FC",
    );
    expect(card.getByText("Team", { selector: "dt" }).nextElementSibling).toHaveTextContent("U17, since March 2024");

    await user.click(card.getByRole("button", { name: COACH_CONSOLE.revokeButton }));
    const dialog = await screen.findByRole("dialog", { name: COACH_CONSOLE.revokeTitle("Mwila Banda") });
    await user.click(within(dialog).getByRole("button", { name: COACH_CONSOLE.revokeSubmit }));
    expect(await within(dialog).findByText(COACH_CONSOLE.reasonRequired)).toBeInTheDocument();
    expect(api.calls(`POST /api/admin/endorsements/${ID}/revoke`)).toEqual([]);

    await user.type(within(dialog).getByLabelText(COACH_CONSOLE.reasonLabel), "Not an official of this club.");
    await user.click(within(dialog).getByRole("button", { name: COACH_CONSOLE.revokeSubmit }));
    expect(await screen.findByText(COACH_CONSOLE.revokedByStaff)).toBeInTheDocument();
    expect(api.calls(`POST /api/admin/endorsements/${ID}/revoke`).map((call) => call.body)).toEqual([
      { reason: "Not an official of this club." },
    ]);
  });

  it("shows a coach's first confirmation with the number to call, and approves or rejects it after asking", async () => {
    const CHECK = "0b6e3f00-0000-4000-8000-0000000000e2";
    const OTHER = "0b6e3f00-0000-4000-8000-0000000000e3";
    const check: EndorsementCheckItem = {
      ...confirmation,
      id: CHECK,
      coachPhone: "+260971234567",
      askedAt: "2026-11-26T10:00:00.000Z",
    };
    const other: EndorsementCheckItem = { ...check, id: OTHER, firstName: "Chanda", coachName: "Coach Me" };
    const api = fakeApi({
      "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
      "GET /api/admin/endorsements": () => json(200, page([])),
      "GET /api/admin/endorsements/checks": () => json(200, page([check, other])),
      [`POST /api/admin/endorsements/${CHECK}/approve`]: () => json(200, { message: COACH_CONSOLE.approvedByStaff }),
      [`POST /api/admin/endorsements/${OTHER}/reject`]: () => json(200, { message: COACH_CONSOLE.rejectedByStaff }),
    });
    const { user } = renderConsole("/admin/endorsements");
    const card = within(
      await screen.findByRole("article", { name: "First confirmation of Mwila Banda by Daniel Mumba" }),
    );
    const phone = card.getByRole("link", { name: "+260 97 123 4567" });
    expect(phone).toHaveAttribute("href", "tel:+260971234567");

    // Approving asks first, and says what the public will see.
    await user.click(card.getByRole("button", { name: COACH_CONSOLE.approveButton }));
    const ask = await screen.findByRole("alertdialog", { name: COACH_CONSOLE.approveTitle });
    expect(ask).toHaveTextContent("Confirmed by Head coach of Kalulushi Stars FC, November 2026");
    expect(api.calls(`POST /api/admin/endorsements/${CHECK}/approve`)).toEqual([]);
    await user.click(within(ask).getByRole("button", { name: COACH_CONSOLE.approveSubmit }));
    expect(await screen.findByText(COACH_CONSOLE.approvedByStaff)).toBeInTheDocument();
    expect(api.calls(`POST /api/admin/endorsements/${CHECK}/approve`)).toHaveLength(1);

    const second = within(
      await screen.findByRole("article", { name: "First confirmation of Chanda Banda by Coach Me" }),
    );
    await user.click(second.getByRole("button", { name: COACH_CONSOLE.rejectButton }));
    const dialog = await screen.findByRole("dialog", { name: COACH_CONSOLE.rejectTitle("Chanda Banda") });
    await user.type(within(dialog).getByLabelText(COACH_CONSOLE.reasonLabel), "The club does not know this coach.");
    await user.click(within(dialog).getByRole("button", { name: COACH_CONSOLE.rejectSubmit }));
    expect(await screen.findByText(COACH_CONSOLE.rejectedByStaff)).toBeInTheDocument();
    expect(api.calls(`POST /api/admin/endorsements/${OTHER}/reject`).map((call) => call.body)).toEqual([
      { reason: "The club does not know this coach." },
    ]);
  });
});
