import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { auditEntry, fakeApi, json, page, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

const SCOUT_ID = "0d2b9a0e-8c57-4c1f-b0e7-5a8f2f7d1c11";

const entries = [
  auditEntry(),
  auditEntry({
    id: "audit_2",
    action: "scout.verified",
    targetType: "account",
    targetId: SCOUT_ID,
    subject: {
      kind: "scout",
      name: "Jane Banda",
      organisation: "Zesco United",
      accountId: SCOUT_ID,
      state: "verified",
    },
    detail: "Zesco United",
  }),
  auditEntry({
    id: "audit_3",
    action: "review.rejected",
    subject: { kind: "player", name: "Mwila Phiri", username: "mwila7", reviewStatus: "rejected" },
  }),
  auditEntry({ id: "audit_4", action: "review.approved", subject: null }),
  auditEntry({
    id: "audit_5",
    actor: "command line",
    actorAccount: null,
    action: "staff.created",
    targetType: "account",
    subject: { kind: "staff", name: "Mercy Zulu", phoneNumber: "+260966123456" },
  }),
];

describe("audit log", () => {
  it("names whom each entry is about and who acted, and links to where staff can look", async () => {
    fakeApi({
      "GET /api/Authorization/session": () => json(200, staffSession("admin")),
      "GET /api/admin/audit": () => json(200, page(entries)),
    });
    renderConsole("/admin/audit");
    const log = (await screen.findByText("Mercy Zulu (+260966123456)")).closest("ol")!;
    const rows = within(log).getAllByRole("listitem");
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    expect(rows[0]).toHaveTextContent("Mutale Banda (+260971000001) · Approved a profile");
    expect(within(rows[0]!).getByRole("link", { name: "Chanda Mulenga (@chanda10)" })).toHaveAttribute(
      "href",
      "/players/chanda10",
    );
    expect(within(rows[1]!).getByRole("link", { name: "Jane Banda, Zesco United" })).toHaveAttribute(
      "href",
      `/admin/scouts?state=verified#scout-${SCOUT_ID}`,
    );
    // Not public: the review queue's list where the profile now is.
    expect(within(rows[2]!).getByRole("link", { name: "Mwila Phiri (@mwila7)" })).toHaveAttribute(
      "href",
      "/admin?status=rejected",
    );
    expect(rows[3]).toHaveTextContent(ADMIN_CONSOLE.deletedAccount);
    expect(within(rows[3]!).queryByRole("link")).toBeNull();
    expect(rows[4]).toHaveTextContent("command line · Created a staff account");
    expect(rows[4]).toHaveTextContent("Mercy Zulu (+260966123456)");
  });
});
