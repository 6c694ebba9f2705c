import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUARDIAN } from "@touchline/contract/guardian";
import { SCOUT } from "@touchline/contract/scouts";
import { createGuardianService } from "../auth/guardian-service.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { LIMITS } from "../http/rate-limiter.ts";
import { readSmsOutbox, uniqueAddress, uniquePhone } from "../test/auth-helpers.ts";
import { createProfile } from "../test/public-players.ts";
import { createScout } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {}, remoteAddress: uniqueAddress() });
const tokenOf = (body: string) => body.match(/\/guardian#consent=([A-Za-z0-9_-]+)/)?.[1];

describe("the guardian's links", () => {
  it("one lasting link to manage consent, one per request that opens only it, all within the SMS limit", async () => {
    const minor = await createProfile(t, {
      dateOfBirth: `${new Date().getUTCFullYear() - 16}-01-01`,
      firstName: "Chanda",
    });
    const guardianPhone = uniquePhone();
    await createGuardianStore(t.app.services.db, t.app.services.now).recordGivenWithoutSms(
      minor.id,
      "Grace Phiri",
      guardianPhone,
    );
    expect(await createGuardianService(t.app.services).invite(minor.id, "https://touchline.example")).toBe(true);
    const lasting = tokenOf(readSmsOutbox(t, guardianPhone).at(-1)!.body)!;

    const send = async () => {
      const scout = await createScout(t);
      const sent = await post(
        "/api/scouts/requests",
        { username: minor.username, kind: "contact", message: "We would like to talk." },
        scout.cookie,
      );
      expect(sent.statusCode).toBe(201);
      return sent.json().request.id as string;
    };
    const first = await send();
    const firstLink = tokenOf(readSmsOutbox(t, guardianPhone).at(-1)!.body)!;
    const second = await send();
    const secondLink = tokenOf(readSmsOutbox(t, guardianPhone).at(-1)!.body)!;
    expect(new Set([lasting, firstLink, secondLink]).size).toBe(3);

    // The lasting link still opens everything.
    expect((await post("/api/guardian-consent/view", { token: lasting })).json()).toMatchObject({
      state: "given",
      managesConsent: true,
    });
    const all = (await post("/api/guardian-consent/requests", { token: lasting })).json().requests;
    expect(all.map((r: { id: string }) => r.id).sort()).toEqual([first, second].sort());

    // A request's link opens that request alone, and manages no consent.
    expect((await post("/api/guardian-consent/view", { token: firstLink })).json()).toMatchObject({
      state: "given",
      managesConsent: false,
    });
    const one = (await post("/api/guardian-consent/requests", { token: firstLink })).json().requests;
    expect(one.map((r: { id: string }) => r.id)).toEqual([first]);
    const other = await post(`/api/guardian-consent/requests/${second}/accept`, { token: firstLink });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SCOUT.requestMissing);
    const withdraw = await post("/api/guardian-consent/withdraw", { token: firstLink });
    expect(withdraw.statusCode).toBe(404);
    expect(withdraw.json().message).toBe(GUARDIAN.linkInvalid);
    expect((await post(`/api/guardian-consent/requests/${first}/accept`, { token: firstLink })).statusCode).toBe(200);
    expect((await post(`/api/guardian-consent/requests/${second}/decline`, { token: secondLink })).statusCode).toBe(
      200,
    );

    // The texts count in the guardian's daily limit: once it is spent, requests still arrive
    // (behind the lasting link) but no more texts do.
    for (let i = 0; i < LIMITS.guardianSmsPerPlayer.max; i += 1) await send();
    expect(readSmsOutbox(t, guardianPhone)).toHaveLength(LIMITS.guardianSmsPerPlayer.max);
    const waiting = (await post("/api/guardian-consent/requests", { token: lasting })).json().requests;
    expect(waiting).toHaveLength(2 + LIMITS.guardianSmsPerPlayer.max);
    expect((await post("/api/guardian-consent/withdraw", { token: lasting })).statusCode).toBe(200);
  });
});
