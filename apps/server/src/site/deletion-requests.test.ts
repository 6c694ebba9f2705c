import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeletionRequestItem, DeletionRequestListResponse } from "@touchline/contract/admin";
import { DELETION_CONFIRM_TTL_MS } from "@touchline/contract/limits";
import { ACCOUNT_DELETION, ADMIN } from "@touchline/contract/messages";
import { players } from "../db/schema/auth.ts";
import { deletionRequests } from "../db/schema/site.ts";
import { EmailError } from "../email/sender.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { createPlayer, createStaff, loginCookie, uniqueAddress } from "../test/auth-helpers.ts";
import { confirmationToken, confirmDeletion, deletionRequestBody, requestDeletion } from "../test/deletion-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaff(t, "reviewer");
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers, remoteAddress: uniqueAddress() });
const processRequest = async (id: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/deletion-requests/${id}/process`,
    headers: { cookie: await loginCookie(t, reviewer) },
  });
async function listed(status: "open" | "unconfirmed" | "closed", id: string): Promise<DeletionRequestItem | undefined> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/admin/deletion-requests?status=${status}`,
    headers: { cookie: await loginCookie(t, reviewer) },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as DeletionRequestListResponse).items.find((item) => item.id === id);
}
const accountExists = async (id: string) =>
  (await t.database.db.select().from(players).where(eq(players.id, id))).length === 1;

describe("a deletion request from the public page", () => {
  it("cannot be carried out by staff until the link e-mailed to the account's address confirms it", async () => {
    const player = await createPlayer(t);
    const res = await post("/api/site/deletion-requests", deletionRequestBody(player.email.toUpperCase()));
    expect(res.statusCode).toBe(201);
    const { id, confirmBy } = res.json();
    expect(Date.parse(confirmBy) - t.clock.now.getTime()).toBe(DELETION_CONFIRM_TTL_MS);

    // Staff cannot process it, and see it waiting for the account holder.
    const refused = await processRequest(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ADMIN.deletionNotConfirmed });
    expect(await accountExists(player.id)).toBe(true);
    expect(await listed("open", id)).toBeUndefined();
    expect(await listed("unconfirmed", id)).toMatchObject({
      email: player.email,
      matchedAccount: player.username,
      confirmedAt: null,
      confirmedVia: null,
      confirmExpiresAt: confirmBy,
    });

    // The address's owner receives the link (the server's own address, never the request's Host); the
    // token travels in the fragment, never to a log.
    const mails = readEmailOutbox(t, player.email);
    expect(mails.map((m) => m.subject)).toEqual(["Confirm the deletion of your Touchline account"]);
    expect(mails[0]!.body).toMatch(/http:\/\/localhost:3000\/delete#confirm=[A-Za-z0-9_-]{43}\n/);
    expect(mails[0]!.body).toContain("Nothing is deleted until you confirm.");
    const token = confirmationToken(t, player.email)!;

    const wrong = await confirmDeletion(t, `${token.slice(0, -1)}x`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: ACCOUNT_DELETION.deletionLinkInvalid,
      errors: { token: ACCOUNT_DELETION.deletionLinkInvalid },
      code: "LINK_INVALID",
    });

    t.clock.advance(DAY_MS);
    const confirmed = await confirmDeletion(t, token);
    expect(confirmed.statusCode).toBe(200);
    const dueAt = new Date(t.clock.now.getTime() + 30 * DAY_MS).toISOString();
    expect(confirmed.json()).toEqual({ message: ACCOUNT_DELETION.deletionConfirmed, dueAt });
    // Opening the link again changes nothing and says the same.
    expect((await confirmDeletion(t, token)).json()).toEqual({ message: ACCOUNT_DELETION.deletionConfirmed, dueAt });

    expect(await listed("unconfirmed", id)).toBeUndefined();
    expect(await listed("open", id)).toMatchObject({
      confirmedAt: t.clock.now.toISOString(),
      confirmedVia: "email-link",
      dueAt,
      daysLeft: 30,
    });
    const done = await processRequest(id);
    expect(done.statusCode).toBe(200);
    expect(done.json().outcome).toBe("deleted");
    expect(await accountExists(player.id)).toBe(false);
    // A processed request's link confirms nothing any more.
    expect((await confirmDeletion(t, token)).statusCode).toBe(400);
  });

  it("looks the same for an address no account uses, and never reaches staff as a request to carry out", async () => {
    const player = await createPlayer(t);
    const known = await post("/api/site/deletion-requests", deletionRequestBody(player.email));
    const unknown = await post("/api/site/deletion-requests", deletionRequestBody("nobody.here@example.zm"));
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json())).toEqual(Object.keys(known.json()));
    expect(unknown.json().confirmBy).toBe(known.json().confirmBy);
    expect(unknown.headers["content-length"]).toBe(known.headers["content-length"]);

    // The address's owner is told no account uses it; there is no link to confirm anything with.
    const mails = readEmailOutbox(t, "nobody.here@example.zm");
    expect(mails.map((m) => m.subject)).toEqual(["Your Touchline account deletion request"]);
    expect(mails[0]!.body).toContain("No Touchline account uses this address, so there was nothing to delete");
    expect(confirmationToken(t, "nobody.here@example.zm")).toBeUndefined();

    const id = unknown.json().id;
    expect(await listed("open", id)).toBeUndefined();
    expect(await listed("unconfirmed", id)).toBeUndefined();
    expect(await listed("closed", id)).toMatchObject({
      status: "no-account",
      confirmedAt: null,
      closedBy: null,
      emailSentAt: t.clock.now.toISOString(),
    });
    expect((await processRequest(id)).statusCode).toBe(409);
  });

  it("has a link that works for 7 days; after that it is refused and the request is dropped", async () => {
    const player = await createPlayer(t);
    const id = await requestDeletion(t, player.email);
    const token = confirmationToken(t, player.email)!;
    t.clock.advance(DELETION_CONFIRM_TTL_MS);
    const late = await confirmDeletion(t, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(ACCOUNT_DELETION.deletionLinkInvalid);
    expect(await listed("unconfirmed", id)).toBeUndefined();
    // The next request of anyone removes what nobody confirmed in time.
    await requestDeletion(t, "someone.else@example.zm");
    expect(await t.database.db.select().from(deletionRequests).where(eq(deletionRequests.id, id))).toEqual([]);
    expect(await accountExists(player.id)).toBe(true);
  });

  it("points the link at PUBLIC_URL whatever Host the request names", async () => {
    const prod = await createTestApp({ PUBLIC_URL: "https://touchline.example" });
    try {
      const player = await createPlayer(prod);
      const res = await prod.app.inject({
        method: "POST",
        url: "/api/site/deletion-requests",
        headers: { host: "evil.example" },
        payload: deletionRequestBody(player.email),
      });
      expect(res.statusCode).toBe(201);
      const body = readEmailOutbox(prod, player.email)[0]!.body;
      expect(body).toContain("https://touchline.example/delete#confirm=");
      expect(body).not.toContain("evil.example");
    } finally {
      await prod.close();
    }
  });

  it("stores nothing and says so when the e-mail cannot be sent, for any address alike", async () => {
    const player = await createPlayer(t);
    const email = t.app.services.email;
    t.app.services.email = {
      send: async () => {
        throw new EmailError("The SMTP server did not accept the e-mail: 421 try later");
      },
    };
    try {
      const before = (await t.database.db.select().from(deletionRequests)).length;
      const answers = [];
      for (const address of [player.email, "nobody.else@example.zm"]) {
        const res = await post("/api/site/deletion-requests", deletionRequestBody(address));
        answers.push([res.statusCode, res.json()]);
      }
      expect(answers[0]).toEqual([503, { message: ACCOUNT_DELETION.deletionEmailFailed, code: "EMAIL_FAILED" }]);
      expect(answers[1]).toEqual(answers[0]);
      expect((await t.database.db.select().from(deletionRequests)).length).toBe(before);
    } finally {
      t.app.services.email = email;
    }
  });
});

describe("a logged-in player's own deletion request", () => {
  it("is confirmed by the session and goes straight to staff", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const { email: _email, ...answers } = deletionRequestBody(player.email);
    const res = await post("/api/site/deletion-requests/own", answers, { cookie });
    expect(res.statusCode).toBe(201);
    const dueAt = new Date(t.clock.now.getTime() + 30 * DAY_MS).toISOString();
    expect(res.json()).toEqual({ id: expect.any(String), dueAt });
    expect(await listed("open", res.json().id)).toMatchObject({
      email: player.email,
      confirmedVia: "account",
      confirmedAt: t.clock.now.toISOString(),
      matchedAccount: player.username,
    });
    // No link is needed, so none is e-mailed.
    expect(readEmailOutbox(t, player.email)).toEqual([]);
  });

  it("is shown to the player until it is processed, so a reload does not offer the form again", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const pending = async () =>
      (await t.app.inject({ method: "GET", url: "/api/site/deletion-requests/own", headers: { cookie } })).json();
    expect(await pending()).toEqual({ pending: null });
    const { email: _email, ...answers } = deletionRequestBody(player.email);
    const sent = (await post("/api/site/deletion-requests/own", answers, { cookie })).json();
    expect(await pending()).toEqual({ pending: sent });
    const anonymous = await t.app.inject({ method: "GET", url: "/api/site/deletion-requests/own" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("needs a session, and the address is always the account's own", async () => {
    const { email: _email, ...answers } = deletionRequestBody("x@example.zm");
    const anonymous = await post("/api/site/deletion-requests/own", answers);
    expect(anonymous.statusCode).toBe(401);
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const res = await post("/api/site/deletion-requests/own", { ...answers, email: "victim@example.zm" }, { cookie });
    expect(res.statusCode).toBe(201);
    expect(await listed("open", res.json().id)).toMatchObject({ email: player.email });
  });
});
