import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { SESSION_IDLE_MS, SESSION_REMEMBER_MS } from "@touchline/contract/limits";
import { sessions } from "../db/schema/auth.ts";
import { createPlayer, createStaff, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { requireRole } from "./request-user.ts";
import { sha256Hex } from "./secrets.ts";
import { SESSION_TOUCH_MS } from "./session-store.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A staff-only probe route, the way domain routes use requireRole.
  t.app.get("/api/test/staff-only", async (request: FastifyRequest) => ({
    user: requireRole(request, "reviewer", "admin"),
  }));
  t.app.get("/api/test/whoami", async (request: FastifyRequest) => ({ user: request.user }));
  t.app.get("/assets/probe-1a2b.js", async (request: FastifyRequest) => ({ user: request.user }));
  t.app.get("/players/:username", async (request: FastifyRequest) => ({ user: request.user }));
});
afterAll(() => t.close());

const whoami = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/test/whoami", headers: cookie ? { cookie } : {} });
const tokenOf = (cookie: string) => cookie.split("=")[1]!;

describe("session plugin", () => {
  it("leaves request.user null without a cookie or with an unknown one", async () => {
    expect((await whoami()).json().user).toBeNull();
    const res = await whoami("tl_session=not-a-real-session-token-at-all-123456");
    expect(res.json().user).toBeNull();
    // and tells the browser to drop the dead cookie
    expect(res.cookies.find((c) => c.name === "tl_session")?.value).toBe("");
  });

  it("fills request.user from the cookie of a login", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const user = (await whoami(cookie)).json().user;
    expect(user).toEqual({ playerId: player.id, role: "player", sessionId: sha256Hex(tokenOf(cookie)) });
  });

  it("skips static files but serves pages, even with a dot in the path", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const asset = await t.app.inject({ method: "GET", url: "/assets/probe-1a2b.js", headers: { cookie } });
    expect(asset.json().user).toBeNull();
    const page = await t.app.inject({ method: "GET", url: "/players/mwila.b", headers: { cookie } });
    expect(page.json().user?.playerId).toBe(player.id);
  });

  it("stores only the hash of the cookie token", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.playerId, player.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sha256Hex(tokenOf(cookie)));
    expect(rows[0]!.id).not.toContain(tokenOf(cookie));
  });

  it("ends a session without Remember me after 12 hours of inactivity, and keeps an active one", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await whoami(cookie)).json().user).not.toBeNull(); // activity refreshes last_seen_at
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await whoami(cookie)).json().user).not.toBeNull();
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await whoami(cookie)).json().user).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(tokenOf(cookie)))),
    ).toHaveLength(0);
  });

  it("keeps a Remember me session across idle days until 30 days have passed", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, { ...player, rememberMe: true });
    t.clock.advance(SESSION_IDLE_MS * 4);
    expect((await whoami(cookie)).json().user).not.toBeNull();
    t.clock.advance(SESSION_REMEMBER_MS - SESSION_IDLE_MS * 4 - 1000);
    expect((await whoami(cookie)).json().user).not.toBeNull();
    t.clock.advance(2000);
    expect((await whoami(cookie)).json().user).toBeNull();
  });

  it("writes last_seen_at at most every few minutes, not on every request", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const id = sha256Hex(tokenOf(cookie));
    const seen = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastSeenAt.getTime();
    const first = await seen();
    t.clock.advance(SESSION_TOUCH_MS - 1000);
    await whoami(cookie);
    expect(await seen()).toBe(first);
    t.clock.advance(2000);
    await whoami(cookie);
    expect(await seen()).toBe(t.clock.now.getTime());
  });

  it("lets requireRole refuse a player (403) and anonymous visitors (401) and admit staff", async () => {
    const player = await createPlayer(t);
    expect((await t.app.inject({ method: "GET", url: "/api/test/staff-only" })).statusCode).toBe(401);
    const asPlayer = await t.app.inject({
      method: "GET",
      url: "/api/test/staff-only",
      headers: { cookie: await loginCookie(t, player) },
    });
    expect(asPlayer.statusCode).toBe(403);
    const reviewer = await createStaff(t, "reviewer");
    const asReviewer = await t.app.inject({
      method: "GET",
      url: "/api/test/staff-only",
      headers: { cookie: reviewer.cookie },
    });
    expect(asReviewer.statusCode).toBe(200);
    expect(asReviewer.json().user.role).toBe("reviewer");
  });
});
