import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, type AuditEntry, type AuditListResponse } from "@touchline/contract/admin";
import { createStaffAccount } from "../cli/create-staff.ts";
import { createScoutRequestStore } from "../scouts/scout-request-store.ts";
import { createPlayer, createStaff, uniqueAddress } from "../test/auth-helpers.ts";
import { requestAndConfirmDeletion } from "../test/deletion-helpers.ts";
import { playerWithProfile } from "../test/profiles.ts";
import { createScout } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: { cookie: admin.cookie } });
const auditPage = async (page = 1): Promise<AuditListResponse> =>
  (
    await t.app.inject({ method: "GET", url: `/api/admin/audit?page=${page}`, headers: { cookie: admin.cookie } })
  ).json();

describe("the audit log names whom each action was about", () => {
  it("names players, scouts, staff, senders and requesters, and says when an account is gone", async () => {
    const kept = await playerWithProfile(t, { firstName: "Jane", lastName: "Banda", userName: "janebanda" });
    const leaving = await playerWithProfile(t, { firstName: "Peter", lastName: "Phiri", userName: "peterphiri" });
    const scout = await createScout(t, {
      state: "unverified",
      firstName: "Ruth",
      lastName: "Asante",
      organisation: "Zesco United",
    });
    const contact = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      remoteAddress: uniqueAddress(),
      payload: { name: "Kabwe Warriors", email: "club@example.zm", message: "Trial?" },
    });
    const report = await createPlayer(t);
    await createScoutRequestStore(t.app.services.db, t.app.services.now).report(report.id, scout.id, "Rude.");
    const reportId = (
      await t.app.inject({ method: "GET", url: "/api/admin/scout-reports", headers: { cookie: admin.cookie } })
    )
      .json<{ items: { id: string; scoutId: string }[] }>()
      .items.find((item) => item.scoutId === scout.id)!.id;
    const staff = await createStaffAccount(
      t.database,
      { phoneNumber: "+260966123456", password: "Str0ng$Pass", role: "reviewer", firstName: "Mercy", lastName: "Zulu" },
      t.clock.now,
    );

    for (const [url, payload] of [
      [`/api/admin/reviews/${kept.profileId}/approve`, {}],
      [`/api/admin/reviews/${leaving.profileId}/approve`, {}],
      [`/api/admin/scouts/${scout.id}/verify`, {}],
      [`/api/admin/scout-reports/${reportId}/handled`, {}],
      [`/api/admin/contact-messages/${contact.json().id}/handled`, {}],
    ] as const) {
      t.clock.advance(1000);
      expect((await post(url, payload)).statusCode, url).toBe(200);
    }
    // Peter's account goes: the entry about his profile stays, with no one to name.
    const deletionId = await requestAndConfirmDeletion(t, leaving.email);
    t.clock.advance(1000);
    expect((await post(`/api/admin/deletion-requests/${deletionId}/process`)).statusCode).toBe(200);

    const entries = (await auditPage()).items;
    const about = (action: AuditEntry["action"], targetId: string) =>
      entries.find((entry) => entry.action === action && entry.targetId === targetId)?.subject;

    expect(about("review.approved", kept.profileId)).toEqual({
      kind: "player",
      name: "Jane Banda",
      username: "janebanda",
      reviewStatus: "approved",
    });
    expect(about("review.approved", leaving.profileId)).toBeNull();
    expect(about("scout.verified", scout.id)).toEqual({
      kind: "scout",
      name: "Ruth Asante",
      organisation: "Zesco United",
      accountId: scout.id,
      state: "verified",
    });
    // A handled report was recorded under the report's id; it names the scout it was about.
    expect(about("scout.report-handled", reportId)).toMatchObject({ kind: "scout", accountId: scout.id });
    expect(about("staff.created", staff.playerId)).toEqual({
      kind: "staff",
      name: "Mercy Zulu",
      phoneNumber: "+260966123456",
    });
    expect(about("contact.handled", contact.json().id)).toEqual({
      kind: "contact-message",
      name: "Kabwe Warriors",
      email: "club@example.zm",
    });
    expect(about("deletion.account-deleted", deletionId)).toEqual({
      kind: "deletion-request",
      email: leaving.email,
    });

    // Who acted: the staff member as named now; the command line has no account.
    const approved = entries.find((entry) => entry.targetId === kept.profileId)!;
    expect(approved.actorAccount).toEqual({ name: "Ada Staff", phoneNumber: admin.phoneNumber });
    expect(entries.find((entry) => entry.action === "staff.created")!.actorAccount).toBeNull();
  });

  // More than a page of players, each uploading a photo and a video through the real pipeline:
  // about 15 s alone, over 30 s on a loaded CI machine.
  it("keeps the order and the pages of the log", { timeout: 120_000 }, async () => {
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      const player = await playerWithProfile(t, { firstName: `Player${i}` });
      t.clock.advance(1000);
      expect((await post(`/api/admin/reviews/${player.profileId}/approve`)).statusCode).toBe(200);
    }
    const first = await auditPage(1);
    const second = await auditPage(2);
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.items.map((entry) => entry.createdAt)).toEqual(
      first.items
        .map((entry) => entry.createdAt)
        .toSorted()
        .reverse(),
    );
    expect(first.items[0]!.subject).toMatchObject({ kind: "player", name: `Player${ADMIN_PAGE_SIZE + 1} Banda` });
    expect(second.items[0]!.createdAt <= first.items.at(-1)!.createdAt).toBe(true);
    expect(new Set([...first.items, ...second.items].map((entry) => entry.id)).size).toBe(
      first.items.length + second.items.length,
    );
  });
});
