import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import type { ScoutAccountView } from "@touchline/contract/scouts";
import { fakeApi, json, scoutAccount, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const WORDS = ADMIN_CONSOLE.scoutDecision;

function scouts(items: ScoutAccountView[] = [scoutAccount()]) {
  return fakeApi({
    "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
    "GET /api/admin/scouts": () => json(200, { items }),
    "GET /api/admin/scout-reports": () => json(200, { items: [] }),
  });
}

const card = async (label = "Jane Banda, Zesco United") => within(await screen.findByRole("listitem", { name: label }));

describe("staff decisions about a scout", () => {
  it("asks before verifying, naming the scout and what follows; Cancel changes nothing", async () => {
    const api = scouts();
    const { user } = renderConsole("/admin/scouts");
    await user.click((await card()).getByRole("button", { name: "Verify" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Verify Jane Banda of Zesco United?" });
    expect(dialog).toHaveTextContent(WORDS.verify.text("Jane Banda"));
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(api.calls("POST /api/admin/scouts/scout_1/verify")).toHaveLength(0);
  });

  it("verifies on confirmation and says what happened in words", async () => {
    const api = scouts();
    api.set("POST /api/admin/scouts/scout_1/verify", () => json(200, { scout: scoutAccount({ state: "verified" }) }));
    const { user } = renderConsole("/admin/scouts");
    await user.click((await card()).getByRole("button", { name: "Verify" }));
    api.set("GET /api/admin/scouts", () => json(200, { items: [] }));
    const dialog = await screen.findByRole("alertdialog", { name: "Verify Jane Banda of Zesco United?" });
    await user.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Jane Banda is verified. We have e-mailed them.")).toBeInTheDocument();
    expect(screen.queryByText(/: done\./)).not.toBeInTheDocument();
    expect(api.calls("POST /api/admin/scouts/scout_1/verify")).toEqual([
      { url: expect.any(URL), body: { reason: "" } },
    ]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("asks for a reason before rejecting, shows it in the question, and sends it", async () => {
    const api = scouts();
    api.set("POST /api/admin/scouts/scout_1/reject", () =>
      json(200, { scout: scoutAccount({ state: "rejected", stateReason: "The link does not name you." }) }),
    );
    const { user } = renderConsole("/admin/scouts");
    const item = await card();
    await user.click(item.getByRole("button", { name: "Reject" }));
    expect(item.getByRole("alert")).toHaveTextContent(WORDS.reasonMissing);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    await user.type(item.getByLabelText("Reason (the scout reads it)"), "The link does not name you.");
    await user.click(item.getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Reject Jane Banda of Zesco United?" });
    expect(dialog).toHaveTextContent(WORDS.reject.text("Jane Banda"));
    expect(within(dialog).getByText("The link does not name you.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText(WORDS.reject.done("Jane Banda"))).toBeInTheDocument();
    expect(api.calls("POST /api/admin/scouts/scout_1/reject")[0]!.body).toEqual({
      reason: "The link does not name you.",
    });
  });

  it("says where a restored scout stands now", async () => {
    const api = scouts([scoutAccount({ state: "suspended", stateReason: "Asked a player for money." })]);
    api.set("POST /api/admin/scouts/scout_1/restore", () => json(200, { scout: scoutAccount({ state: "verified" }) }));
    const { user } = renderConsole("/admin/scouts?state=suspended");
    await user.click((await card()).getByRole("button", { name: "Restore" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Restore Jane Banda of Zesco United?" });
    await user.click(within(dialog).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText(WORDS.restore.done("Jane Banda", true))).toBeInTheDocument();
    expect(api.calls("GET /api/admin/scouts")[0]!.url.searchParams.get("state")).toBe("suspended");
    expect(screen.getByRole("tab", { name: "Suspended" })).toHaveAttribute("aria-selected", "true");
  });

  it("asks before marking a player's report handled, then says so", async () => {
    const api = scouts([]);
    api.set("GET /api/admin/scout-reports", () =>
      json(200, {
        items: [
          {
            id: "report_1",
            scoutId: "scout_1",
            playerUsername: "chanda10",
            reason: "Rude.",
            createdAt: "2026-03-01T10:00:00.000Z",
          },
        ],
      }),
    );
    api.set("POST /api/admin/scout-reports/report_1/handled", () => json(200, { message: "Marked handled." }));
    const { user } = renderConsole("/admin/scouts");
    await user.click(await screen.findByRole("button", { name: "Mark handled" }));
    const dialog = await screen.findByRole("alertdialog", { name: ADMIN_CONSOLE.reportHandledConfirm.title });
    expect(api.calls("POST /api/admin/scout-reports/report_1/handled")).toHaveLength(0);
    api.set("GET /api/admin/scout-reports", () => json(200, { items: [] }));
    await user.click(within(dialog).getByRole("button", { name: "Mark handled" }));
    expect(await screen.findByText(ADMIN_CONSOLE.reportHandled)).toBeInTheDocument();
    expect(api.calls("POST /api/admin/scout-reports/report_1/handled")).toHaveLength(1);
  });
});
