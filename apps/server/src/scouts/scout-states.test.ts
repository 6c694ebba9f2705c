import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AUTH } from "@touchline/contract/messages";
import { SCOUT, type ScoutDecision, type ScoutState } from "@touchline/contract/scouts";
import { auditLog } from "../db/schema/admin.ts";
import { players } from "../db/schema/auth.ts";
import { scoutAccounts } from "../db/schema/scouts.ts";
import { PENDING_ACCOUNT_TTL_MS } from "../auth/auth-service.ts";
import {
  createStaff,
  loginCookie,
  registrationBody,
  uniqueAddress,
  uniquePhone,
  type TestPlayer,
} from "../test/auth-helpers.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { createProfile } from "../test/public-players.ts";
import { createScout, scoutLoginCookie, type TestScout } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createScoutListService } from "./scout-list-service.ts";

let t: TestApp;
let admin: TestPlayer & { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: uniqueAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const decide = (scoutId: string, decision: ScoutDecision) =>
  call("POST", `/api/admin/scouts/${scoutId}/${decision}`, admin.cookie, { reason: "Checked by staff" });

const stateOf = async (scoutId: string) =>
  (await t.database.db.select().from(scoutAccounts).where(eq(scoutAccounts.accountId, scoutId)))[0]!.state;

/** The five standings a scout can be in, each reached through the staff API. */
const START = {
  unverified: async () => createScout(t, { state: "unverified" }),
  verified: async () => createScout(t),
  rejected: async () => {
    const scout = await createScout(t, { state: "unverified" });
    expect((await decide(scout.id, "reject")).statusCode).toBe(200);
    return scout;
  },
  "suspended while verified": async () => {
    const scout = await createScout(t);
    expect((await decide(scout.id, "suspend")).statusCode).toBe(200);
    return scout;
  },
  "suspended while unverified": async () => {
    const scout = await createScout(t, { state: "unverified" });
    expect((await decide(scout.id, "suspend")).statusCode).toBe(200);
    return scout;
  },
} satisfies Record<string, () => Promise<TestScout>>;

/** Written out by hand, not read from SCOUT_MOVES, so a change to the table has to change this too. */
const EXPECTED: Record<keyof typeof START, Record<ScoutDecision, ScoutState | null>> = {
  unverified: { verify: "verified", reject: "rejected", suspend: "suspended", restore: null },
  verified: { verify: null, reject: null, suspend: "suspended", restore: null },
  rejected: { verify: "verified", reject: null, suspend: null, restore: null },
  "suspended while verified": { verify: null, reject: null, suspend: null, restore: "verified" },
  "suspended while unverified": { verify: null, reject: null, suspend: null, restore: "unverified" },
};

describe("the moves between a scout's states", () => {
  for (const [start, moves] of Object.entries(EXPECTED) as [
    keyof typeof START,
    Record<ScoutDecision, ScoutState | null>,
  ][]) {
    for (const [decision, expected] of Object.entries(moves) as [ScoutDecision, ScoutState | null][]) {
      it(`${start}: ${decision} ${expected ? `leads to ${expected}` : "is refused and changes nothing"}`, async () => {
        const scout = await START[start]();
        const before = await stateOf(scout.id);
        const auditBefore = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, scout.id));
        const res = await decide(scout.id, decision);
        const auditAfter = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, scout.id));
        if (expected) {
          expect(res.statusCode).toBe(200);
          expect(res.json().scout.state).toBe(expected);
          expect(await stateOf(scout.id)).toBe(expected);
          expect(auditAfter).toHaveLength(auditBefore.length + 1);
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json().message).toBe(SCOUT.decisionNotAllowed);
          expect(await stateOf(scout.id)).toBe(before);
          expect(auditAfter).toHaveLength(auditBefore.length);
        }
      });
    }
  }

  it("never verifies a scout with an unconfirmed phone or e-mail by suspending and restoring them", async () => {
    const scout = await createScout(t, { state: "unverified", confirmed: false });
    expect((await decide(scout.id, "suspend")).statusCode).toBe(200);
    const restored = await decide(scout.id, "restore");
    expect(restored.json().scout).toMatchObject({ state: "unverified", phoneConfirmed: false, emailConfirmed: false });

    const player = await createProfile(t);
    const sent = await call("POST", "/api/scouts/requests", await scoutLoginCookie(t, scout), {
      username: player.username,
      kind: "contact",
      message: "We would like to talk.",
    });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().message).toBe(SCOUT.stateBlocks.unverified);
  });

  it("brings a scout suspended before their earlier state was recorded back to unverified", async () => {
    const scout = await createScout(t);
    await t.database.db
      .update(scoutAccounts)
      .set({ state: "suspended", stateBeforeSuspension: null })
      .where(eq(scoutAccounts.accountId, scout.id));
    expect((await decide(scout.id, "restore")).json().scout.state).toBe("unverified");
  });
});

describe("the weekly digest and a scout's standing", () => {
  it("goes only to verified scouts: none while suspended or rejected, again once restored", async () => {
    const digests = createScoutListService(t.app.services);
    // Earlier tests' searches would be due as well; send them now so this run counts only ours.
    t.clock.advance(8 * DAY);
    await digests.sendDueDigests("https://touchline.example");
    admin.cookie = await loginCookie(t, admin);

    const suspended = await createScout(t);
    const rejected = await createScout(t, { state: "unverified" });
    const unverified = await createScout(t, { state: "unverified" });
    const search = { name: "Keepers", channel: "email" as const, filters: { position: "goalkeeper" } };
    for (const scout of [suspended, rejected, unverified]) await digests.saveSearch(scout.id, search);
    expect((await decide(suspended.id, "suspend")).statusCode).toBe(200);
    expect((await decide(rejected.id, "reject")).statusCode).toBe(200);

    t.clock.advance(60_000);
    await createProfile(t, { position: "goalkeeper" });
    t.clock.advance(8 * DAY);
    admin.cookie = await loginCookie(t, admin);
    const mailsOf = (scout: TestScout) => readEmailOutbox(t, scout.email).filter((m) => m.subject.includes("Keepers"));
    await digests.sendDueDigests("https://touchline.example");
    expect(mailsOf(suspended)).toHaveLength(0);
    expect(mailsOf(rejected)).toHaveLength(0);
    expect(mailsOf(unverified)).toHaveLength(0);

    expect((await decide(suspended.id, "restore")).json().scout.state).toBe("verified");
    await digests.sendDueDigests("https://touchline.example");
    expect(mailsOf(suspended)).toHaveLength(1);
  });
});

describe("player registrations and scouts", () => {
  const register = (body: object) => call("POST", "/api/Authorization/registerScoutWithOtp", undefined, body);
  const accountOf = async (id: string) => (await t.database.db.select().from(players).where(eq(players.id, id)))[0];

  it("never takes over a scout waiting for their phone code", async () => {
    const scout = await createScout(t, { state: "unverified", confirmed: false, phoneNumber: uniquePhone() });
    const before = await accountOf(scout.id);
    const res = await register(registrationBody({ phoneNumber: scout.phoneNumber }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toMatchObject({ phoneNumber: AUTH.phoneTaken });
    expect(await accountOf(scout.id)).toEqual(before);
  });

  it("never deletes a scout whose phone is still unconfirmed a day later", async () => {
    const scout = await createScout(t, { state: "unverified", confirmed: false, phoneNumber: uniquePhone() });
    const before = await accountOf(scout.id);
    t.clock.advance(PENDING_ACCOUNT_TTL_MS + DAY);
    admin.cookie = await loginCookie(t, admin);
    const byEmail = await register(registrationBody({ email: scout.email }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().errors).toMatchObject({ email: AUTH.emailTaken });
    const byPhone = await register(registrationBody({ phoneNumber: scout.phoneNumber }));
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json().errors).toMatchObject({ phoneNumber: AUTH.phoneTaken });
    expect(await accountOf(scout.id)).toEqual(before);
    expect(await stateOf(scout.id)).toBe("unverified");
  });
});
