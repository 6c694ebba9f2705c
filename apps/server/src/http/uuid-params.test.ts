import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import { createPlayer, createStaff, loginCookie, uniqueAddress } from "../test/auth-helpers.ts";
import { createScout } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { UUID_PARAMS } from "./uuid-params.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Path parameters that are not row ids; each route checks its own. */
const OTHER_PARAMS = ["answer", "decision", "label", "token", "username", "uploadId"];

describe("ids in paths that are not UUIDs", () => {
  it("every path parameter of the app is either a UUID id or one its route checks", () => {
    const params = new Set([...t.app.printRoutes({ commonPrefix: false }).matchAll(/:(\w+)/g)].map((m) => m[1]!));
    expect([...params].filter((name) => !UUID_PARAMS.includes(name) && !OTHER_PARAMS.includes(name))).toEqual([]);
    expect(params.size).toBeGreaterThan(0);
  });

  it("answer 404 before the handler, for staff, scouts and players alike", async () => {
    const admin = await createStaff(t, "admin");
    const scout = await createScout(t);
    const player = await loginCookie(t, await createPlayer(t));
    const cases: [method: "POST" | "PATCH" | "DELETE" | "GET", url: string, cookie: string, body?: object][] = [
      ["POST", "/api/admin/scouts/not-a-uuid/verify", admin.cookie, {}],
      ["POST", "/api/admin/scout-reports/1' or '1'='1/handled", admin.cookie],
      ["PATCH", "/api/scouts/searches/x", scout.cookie, { subscribed: false }],
      ["DELETE", "/api/scouts/shortlists/42", scout.cookie],
      ["POST", "/api/player/requests/abc/accept", player],
      ["POST", "/api/player/scouts/abc/block", player],
      ["GET", "/api/media/abc/poster", player],
    ];
    const wrong: string[] = [];
    for (const [method, url, cookie, payload] of cases) {
      const res = await t.app.inject({
        method,
        url: encodeURI(url),
        headers: { cookie },
        remoteAddress: uniqueAddress(),
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode !== 404) wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/admin/scouts/not-a-uuid/verify",
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(plain.json()).toEqual({ message: REQUEST_FAILED.notFound });
  });

  it("still tells a visitor without the right to the route only that", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/admin/scouts/not-a-uuid/verify", payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
