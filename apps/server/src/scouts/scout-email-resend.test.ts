import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTP_MAX_SENDS_PER_HOUR, OTP_RESEND_INTERVAL_MS } from "@touchline/contract/limits";
import { SCOUT } from "@touchline/contract/scouts";
import { uniqueAddress } from "../test/auth-helpers.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { scoutJoinBody } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/scouts/me/email/resend", () => {
  it("sends a new link no more often than a new SMS code: once a minute, a few an hour", async () => {
    // The start of a clock hour, so the hour's count is one window.
    t.clock.now = new Date("2026-11-27T10:00:00Z");
    const body = scoutJoinBody();
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/scouts/join",
      payload: body,
      remoteAddress: uniqueAddress(),
    });
    const cookie = joined.cookies.find((c) => c.name === "tl_session")!;
    const resend = () =>
      t.app.inject({
        method: "POST",
        url: "/api/scouts/me/email/resend",
        headers: { cookie: `${cookie.name}=${cookie.value}` },
        remoteAddress: uniqueAddress(),
      });

    // Straight after joining, as a script would call it: no new mail.
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(SCOUT.emailResendTooSoon(tooSoon.json().retryAfterSeconds));
    expect(tooSoon.json().retryAfterSeconds).toBeLessThanOrEqual(OTP_RESEND_INTERVAL_MS / 1000);

    // 22 calls spread over the hour, each a minute apart: the join's mail and 4 more.
    let answered = 0;
    for (let i = 0; i < 22; i++) {
      t.clock.advance(OTP_RESEND_INTERVAL_MS);
      if ((await resend()).statusCode === 200) answered++;
    }
    expect(answered).toBe(OTP_MAX_SENDS_PER_HOUR - 1);
    expect(readEmailOutbox(t, body.email)).toHaveLength(OTP_MAX_SENDS_PER_HOUR);

    // The next hour, a new link again.
    t.clock.advance(60 * 60 * 1000);
    expect((await resend()).statusCode).toBe(200);
  });
});
