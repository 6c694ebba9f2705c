import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, AuditListResponse } from "@touchline/contract/admin";
import { FORBIDDEN, NOT_LOGGED_IN } from "../auth/request-user.ts";
import { createPlayer, createStaff, loginCookie, uniqueAddress } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { playerWithProfile } from "../test/profiles.ts";

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
let playerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaff(t, "reviewer");
  admin = await createStaff(t, "admin");
  playerCookie = await loginCookie(t, await createPlayer(t));
});
afterAll(() => t.close());

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const STAFF_ROUTES: { method: "GET" | "POST"; url: string; payload?: object }[] = [
  { method: "GET", url: "/api/admin/reviews" },
  { method: "GET", url: "/api/admin/reviews?status=expired" },
  { method: "POST", url: `/api/admin/reviews/${UNKNOWN}/approve` },
  { method: "POST", url: `/api/admin/reviews/${UNKNOWN}/reject`, payload: { reasonCode: "video-quality" } },
  { method: "POST", url: `/api/admin/reviews/${UNKNOWN}/renew` },
  { method: "POST", url: `/api/admin/reviews/${UNKNOWN}/allow-reupload` },
  { method: "GET", url: "/api/admin/contact-messages" },
  { method: "POST", url: `/api/admin/contact-messages/${UNKNOWN}/handled` },
  { method: "GET", url: "/api/admin/deletion-requests?status=closed" },
  { method: "POST", url: `/api/admin/deletion-requests/${UNKNOWN}/process` },
  { method: "GET", url: "/api/admin/age-checks" },
  { method: "POST", url: `/api/admin/age-checks/${UNKNOWN}/verify` },
  { method: "POST", url: `/api/admin/age-checks/${UNKNOWN}/refuse`, payload: { reason: "Blurred." } },
  { method: "GET", url: "/api/admin/endorsements" },
  { method: "POST", url: `/api/admin/endorsements/${UNKNOWN}/revoke`, payload: { reason: "Not their coach." } },
  { method: "GET", url: "/api/admin/endorsements/checks" },
  { method: "POST", url: `/api/admin/endorsements/${UNKNOWN}/approve` },
  { method: "POST", url: `/api/admin/endorsements/${UNKNOWN}/reject`, payload: { reason: "Not their coach." } },
];
const AUDIT = { method: "GET" as const, url: "/api/admin/audit" };

const call = (route: { method: "GET" | "POST"; url: string; payload?: object }, cookie?: string) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(route.payload ? { payload: route.payload } : {}),
  });

describe("who may use the staff API", () => {
  it.each([...STAFF_ROUTES, AUDIT].map((r) => [`${r.method} ${r.url}`, r] as const))(
    "%s: anonymous 401, player 403",
    async (_name, route) => {
      const anonymous = await call(route);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: NOT_LOGGED_IN });
      const player = await call(route, playerCookie);
      expect(player.statusCode).toBe(403);
      expect(player.json()).toEqual({ message: FORBIDDEN });
    },
  );

  it.each(STAFF_ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    "%s: reviewers and admins pass",
    async (_name, route) => {
      for (const staff of [reviewer, admin]) {
        const res = await call(route, staff.cookie);
        // Lists answer 200; actions on an unknown id reach the handler and answer 404.
        expect(res.statusCode, res.body).toBe(route.method === "GET" ? 200 : 404);
        expect(res.headers["cache-control"]).toBe("no-store");
      }
    },
  );

  it("keeps the audit log for admins: reviewers get 403", async () => {
    const asReviewer = await call(AUDIT, reviewer.cookie);
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.json()).toEqual({ message: FORBIDDEN });
    expect((await call(AUDIT, admin.cookie)).statusCode).toBe(200);
  });

  it("checks the role before the input: a player's bad query or body is still a 403", async () => {
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/admin/reviews?status=nonsense",
          headers: { cookie: playerCookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call({ method: "POST", url: `/api/admin/reviews/${UNKNOWN}/reject`, payload: {} }, playerCookie))
        .statusCode,
    ).toBe(403);
    expect((await call({ method: "POST", url: `/api/admin/reviews/${UNKNOWN}/reject`, payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe("the audit log", () => {
  it("records every staff action with who, what and when, newest first, and nothing for refused ones", async () => {
    const audit = async (): Promise<AuditEntry[]> =>
      ((await call(AUDIT, admin.cookie)).json() as AuditListResponse).items;
    const before = (await audit()).length;

    const one = await playerWithProfile(t);
    const two = await playerWithProfile(t);
    const contact = await t.app.inject({
      method: "POST",
      url: "/api/site/contact-messages",
      remoteAddress: uniqueAddress(),
      payload: { name: "Club", email: "club@example.zm", message: "Trial?" },
    });
    // A player's own request from the settings page: confirmed by the session.
    const leaving = await createPlayer(t);
    const deletion = await t.app.inject({
      method: "POST",
      url: "/api/site/deletion-requests/own",
      remoteAddress: uniqueAddress(),
      headers: { cookie: await loginCookie(t, leaving) },
      payload: { understand: true, confirmation_text: "DELETE MY ACCOUNT", confirmation: true },
    });
    const post = (url: string, cookie: string, payload?: object) => call({ method: "POST", url, payload }, cookie);

    const steps: [string, string, object | undefined, number][] = [
      [`/api/admin/reviews/${one.profileId}/approve`, reviewer.cookie, undefined, 200],
      [`/api/admin/reviews/${one.profileId}/approve`, reviewer.cookie, undefined, 409],
      [`/api/admin/reviews/${two.profileId}/reject`, admin.cookie, { reasonCode: "other" }, 400],
      [
        `/api/admin/reviews/${two.profileId}/reject`,
        admin.cookie,
        { reasonCode: "details-incorrect", reasonText: "Height looks wrong." },
        200,
      ],
      [`/api/admin/reviews/${one.profileId}/renew`, reviewer.cookie, undefined, 200],
      [`/api/admin/reviews/${one.profileId}/allow-reupload`, admin.cookie, undefined, 200],
      [`/api/admin/contact-messages/${contact.json().id}/handled`, reviewer.cookie, undefined, 200],
      [`/api/admin/deletion-requests/${deletion.json().id}/process`, admin.cookie, undefined, 200],
    ];
    for (const [url, cookie, payload, status] of steps) {
      t.clock.advance(1000);
      expect((await post(url, cookie, payload)).statusCode, url).toBe(status);
    }

    const entries = await audit();
    expect(entries.length - before).toBe(6);
    const recent = entries
      .slice(0, 6)
      .map(({ actor, action, targetType, targetId, detail }) => ({ actor, action, targetType, targetId, detail }));
    expect(recent).toEqual([
      {
        actor: admin.username,
        action: "deletion.account-deleted",
        targetType: "deletion-request",
        targetId: deletion.json().id,
        detail: "Account deleted, with its profile and 0 stored files.",
      },
      {
        actor: reviewer.username,
        action: "contact.handled",
        targetType: "contact-message",
        targetId: contact.json().id,
        detail: null,
      },
      {
        actor: admin.username,
        action: "review.reupload-allowed",
        targetType: "profile",
        targetId: one.profileId,
        detail: null,
      },
      {
        actor: reviewer.username,
        action: "review.renewed",
        targetType: "profile",
        targetId: one.profileId,
        detail: expect.stringMatching(/^New expiry: \d{4}-/),
      },
      {
        actor: admin.username,
        action: "review.rejected",
        targetType: "profile",
        targetId: two.profileId,
        detail: "Profile details incorrect: Height looks wrong.",
      },
      {
        actor: reviewer.username,
        action: "review.approved",
        targetType: "profile",
        targetId: one.profileId,
        detail: null,
      },
    ]);
    // When: each entry carries the server time of its action.
    expect(entries[0]!.createdAt).toBe(t.clock.now.toISOString());
    expect(Date.parse(entries[5]!.createdAt)).toBe(t.clock.now.getTime() - 7000);
    expect(Object.keys(entries[0]!).sort()).toEqual([
      "action",
      "actor",
      "actorAccount",
      "createdAt",
      "detail",
      "id",
      "subject",
      "targetId",
      "targetType",
    ]);
  });
});
