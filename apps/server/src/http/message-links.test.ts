import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSmsOutbox, uniqueAddress } from "../test/auth-helpers.ts";
import { DAYTIME, deliveriesSettled } from "../test/notifications.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { createProfile } from "../test/public-players.ts";
import { createScout, scoutJoinBody } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  // No PUBLIC_URL, as in development and staging.
  t = await createTestApp({ HOST: "127.0.0.1", PORT: "4312" });
  // By day in Lusaka, so no notification SMS is held for the night.
  t.clock.now = DAYTIME;
});
afterAll(() => t.close());

const FORGED = { host: "touchline.evil.example", "x-forwarded-host": "touchline.evil.example" };
const links = (text: string) => [...text.matchAll(/https?:\/\/[^\s/]+/g)].map((m) => m[0]);

describe("links in SMS and e-mail without PUBLIC_URL", () => {
  it("come from HOST and PORT, never from the request's Host header", async () => {
    const body = scoutJoinBody();
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/scouts/join",
      payload: body,
      headers: FORGED,
      remoteAddress: uniqueAddress(),
    });
    expect(joined.statusCode).toBe(201);
    const mail = readEmailOutbox(t, body.email).at(-1)!;
    expect(links(mail.body)).toContain("http://127.0.0.1:4312");
    expect(mail.body).not.toContain("evil");

    const scout = await createScout(t);
    const minor = await createProfile(t, { dateOfBirth: `${new Date().getUTCFullYear() - 16}-01-01` });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/scouts/requests",
      payload: { username: minor.username, kind: "contact", message: "We would like to talk." },
      headers: { ...FORGED, cookie: scout.cookie },
      remoteAddress: uniqueAddress(),
    });
    expect(sent.statusCode).toBe(201);
    // The player's text leaves through the job queue; the guardian's goes at once.
    await deliveriesSettled(t);
    const texts = [readSmsOutbox(t, minor.phoneNumber).at(-1)!, readSmsOutbox(t, "+260955000001").at(-1)!];
    for (const sms of texts) {
      // Every link (the page, and an unsubscribe link where there is one) has the configured origin.
      expect(new Set(links(sms.body))).toEqual(new Set(["http://127.0.0.1:4312"]));
      expect(sms.body).not.toContain("evil");
    }
  });
});
