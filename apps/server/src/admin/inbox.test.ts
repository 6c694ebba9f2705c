import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ContactMessageItem,
  ContactMessageListResponse,
  DeletionRequestListResponse,
} from "@touchline/contract/admin";
import { ADMIN, REQUEST_FAILED } from "@touchline/contract/messages";
import { createPlayer, createStaff, loginCookie, uniqueAddress } from "../test/auth-helpers.ts";
import { requestAndConfirmDeletion, requestDeletion as requestUnconfirmed } from "../test/deletion-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaff(t, "reviewer");
});
afterAll(() => t.close());

const get = async <T>(url: string, cookie = reviewer.cookie): Promise<T> => {
  const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function sendContactMessage(name: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/site/contact-messages",
    remoteAddress: uniqueAddress(),
    payload: { name, email: `${name.toLowerCase()}@example.zm`, message: `Hello from ${name}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** A public request, confirmed by the link e-mailed to the account's address. */
const requestDeletion = (email: string) =>
  requestAndConfirmDeletion(t, email, { reason: "other", otherReason: "I play abroad now" });

describe("contact messages", () => {
  it("lists open messages oldest first, and marking one handled moves it to the handled list", async () => {
    const first = await sendContactMessage("Mutale");
    t.clock.advance(60_000);
    const second = await sendContactMessage("Bwalya");
    const open = await get<ContactMessageListResponse>("/api/admin/contact-messages");
    const ours = open.items.filter((m) => [first, second].includes(m.id));
    expect(ours.map((m) => m.id)).toEqual([first, second]);
    expect(ours[0]).toEqual({
      id: first,
      name: "Mutale",
      email: "mutale@example.zm",
      message: "Hello from Mutale",
      source: "website",
      organisation: null,
      phone: null,
      playerUsername: null,
      createdAt: new Date(t.clock.now.getTime() - 60_000).toISOString(),
      handledAt: null,
      handledBy: null,
    } satisfies ContactMessageItem);

    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/contact-messages/${first}/handled`,
      headers: { cookie: reviewer.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first, handledAt: t.clock.now.toISOString(), handledBy: reviewer.username });
    expect(
      (await get<ContactMessageListResponse>("/api/admin/contact-messages?status=open")).items.map((m) => m.id),
    ).not.toContain(first);
    expect(
      (await get<ContactMessageListResponse>("/api/admin/contact-messages?status=handled")).items.map((m) => m.id),
    ).toContain(first);

    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/contact-messages/${first}/handled`,
      headers: { cookie: reviewer.cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN.alreadyHandled });
  });

  it("answers 404 for an unknown message and 400 for an unknown status", async () => {
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled",
      headers: { cookie: reviewer.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ADMIN.contactMessageNotFound });
    const status = await t.app.inject({
      method: "GET",
      url: "/api/admin/contact-messages?status=all",
      headers: { cookie: reviewer.cookie },
    });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({
      message: REQUEST_FAILED.invalidRequest,
      errors: { status: ADMIN.statusInvalid(["open", "handled"]) },
    });
  });
});

// Last in this file: it moves the shared clock forward.
describe("deletion requests", () => {
  it("lists confirmed requests nearest deadline first, with the days left of the 30 promised and the matching account", async () => {
    const player = await createPlayer(t);
    const other = await createPlayer(t);
    const older = await requestDeletion(player.email);
    t.clock.advance(2 * DAY_MS);
    const newer = await requestDeletion(other.email);
    const waiting = await requestUnconfirmed(t, other.email);
    let cookie = await loginCookie(t, reviewer);
    let open = await get<DeletionRequestListResponse>("/api/admin/deletion-requests", cookie);
    const ours = open.items.filter((r) => [older, newer, waiting].includes(r.id));
    expect(ours.map((r) => r.id)).toEqual([older, newer]);
    expect(ours[0]).toMatchObject({
      email: player.email,
      reason: "other",
      otherReason: "I play abroad now",
      status: "open",
      daysLeft: 28,
      isOverdue: false,
      matchedAccount: player.username,
      confirmedVia: "email-link",
    });
    expect(ours[1]).toMatchObject({ daysLeft: 30, matchedAccount: other.username });
    // The one whose link nobody opened yet waits in its own list.
    const unconfirmed = await get<DeletionRequestListResponse>(
      "/api/admin/deletion-requests?status=unconfirmed",
      cookie,
    );
    expect(unconfirmed.items.map((r) => r.id)).toContain(waiting);
    expect(unconfirmed.items.map((r) => r.id)).not.toContain(older);

    t.clock.advance(29 * DAY_MS);
    cookie = await loginCookie(t, reviewer);
    open = await get<DeletionRequestListResponse>("/api/admin/deletion-requests?status=open", cookie);
    expect(open.items.find((r) => r.id === older)).toMatchObject({ daysLeft: -1, isOverdue: true });
    expect(open.items.find((r) => r.id === newer)).toMatchObject({ daysLeft: 1, isOverdue: false });
    expect(
      (await get<DeletionRequestListResponse>("/api/admin/deletion-requests?status=closed", cookie)).items.map(
        (r) => r.id,
      ),
    ).not.toContain(older);
  });
});
