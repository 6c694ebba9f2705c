import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH } from "@touchline/contract/messages";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import type { ScoutAccountView } from "@touchline/contract/scouts";
import { createNotificationService } from "./notification-service.ts";
import { releaseHeldSms } from "./sweep-job.ts";
import {
  createPlayer,
  createStaff,
  readSmsOutbox,
  registrationBody,
  uniqueAddress,
  uniquePhone,
} from "../test/auth-helpers.ts";
import { DAYTIME, deliveriesSettled, storedDeliveries } from "../test/notifications.ts";
import { emailLinkToken, scoutJoinBody } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * SMS pumping: someone makes the product send SMS (which cost money, most of all to premium
 * ranges abroad) to numbers of their choosing. SMS go only to the countries listed, and never
 * past the product's hourly and daily budget per country.
 */
let t: TestApp;
beforeAll(async () => {
  // Zambia 6 an hour (notifications may use 4 of them), everywhere else listed 1.
  t = await createTestApp({ SMS_BUDGET_PER_HOUR: "ZM=6,*=1", SMS_BUDGET_PER_DAY: "1000" });
  t.clock.now = DAYTIME;
});
afterAll(() => t.close());

const inject = (method: "GET" | "POST", url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: uniqueAddress() });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === "tl_session")!;
  return `${c.name}=${c.value}`;
};

describe("scouts whose phone is in a country SMS do not go to", () => {
  it("join, get no code however often they ask, are told why, and are verified on their e-mail", async () => {
    // The numbers of a pumping run seen in the wild: an international network, Russia, Latvia.
    const phones = ["+882123456789", "+79123456789", "+37120000000"];
    for (const phoneNumber of phones) {
      const body = scoutJoinBody({ phoneNumber, country: "Elsewhere" });
      const joined = await inject("POST", "/api/scouts/join", body);
      expect(joined.statusCode).toBe(201);
      const { message, scout } = joined.json<{ message: string; scout: ScoutAccountView }>();
      expect(message).toBe(SMS_BUDGET.scoutJoinedNoSms);
      expect(scout).toMatchObject({ phoneConfirmed: false, phoneBySms: false });
      const cookie = cookieOf(joined);
      for (let i = 0; i < 2; i++) {
        t.clock.advance(61_000);
        const resend = await inject("POST", "/api/scouts/me/phone/resend", undefined, cookie);
        expect(resend.statusCode).toBe(422);
        expect(resend.json()).toEqual({ message: SMS_BUDGET.scoutNoSms, code: "SMS_COUNTRY_NOT_SERVED" });
      }
      const confirmed = await inject("POST", "/api/scouts/email/confirm", { token: emailLinkToken(t, body.email) });
      expect(confirmed.statusCode).toBe(200);
      const admin = await createStaff(t, "admin");
      const verified = await inject("POST", `/api/admin/scouts/${scout.id}/verify`, {}, admin.cookie);
      expect(verified.statusCode).toBe(200);
    }
    for (const phone of phones) expect(readSmsOutbox(t, phone)).toEqual([]);
  });

  it("still need a confirmed phone when SMS go to their country", async () => {
    const body = scoutJoinBody();
    const joined = await inject("POST", "/api/scouts/join", body);
    expect(joined.json<{ scout: ScoutAccountView }>().scout.phoneBySms).toBe(true);
    expect(readSmsOutbox(t, body.phoneNumber)).toHaveLength(1);
    await inject("POST", "/api/scouts/email/confirm", { token: emailLinkToken(t, body.email) });
    const admin = await createStaff(t, "admin");
    const id = joined.json<{ scout: ScoutAccountView }>().scout.id;
    expect((await inject("POST", `/api/admin/scouts/${id}/verify`, {}, admin.cookie)).statusCode).toBe(409);
  });
});

describe("the SMS budget", () => {
  it("refuses codes past the hour's budget with a plain message, keeps the registration, and alerts staff", async () => {
    t.clock.now = new Date(DAYTIME.getTime() + 2 * 60 * 60 * 1000);
    const sentBefore = readSmsOutbox(t).length;
    const answers: { status: number; phone: string; message: string }[] = [];
    for (let i = 0; i < 9; i++) {
      const body = registrationBody();
      const res = await inject("POST", "/api/Authorization/registerScoutWithOtp", body);
      answers.push({
        status: res.statusCode,
        phone: body.phoneNumber,
        message: res.json<{ message: string }>().message,
      });
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([503, 503, 503]);
    // 12:00 in Lusaka: the hour's budget renews at 13:00.
    expect(refused[0]!.message).toBe(SMS_BUDGET.codeRefused(60));
    expect(readSmsOutbox(t).length - sentBefore).toBe(6);

    const admin = await createStaff(t, "admin");
    const status = await inject("GET", "/api/admin/sms-budget", undefined, admin.cookie);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      reached: [
        {
          country: "ZM",
          period: "hour",
          sent: 6,
          budget: 6,
          refused: 3,
          until: new Date(t.clock.now.getTime() + 60 * 60 * 1000).toISOString(),
        },
      ],
    });

    // Nothing the refused players gave is lost: their code comes with the next hour.
    t.clock.advance(60 * 60 * 1000);
    const resend = await inject("POST", "/api/Authorization/requestPasswordResetOtp", {
      phoneNumber: refused[0]!.phone,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).not.toBe(AUTH.smsFailed);
    expect(readSmsOutbox(t, refused[0]!.phone)).toHaveLength(1);
  });

  it("makes notification SMS wait, not vanish, and sends them when the budget allows", async () => {
    t.clock.now = new Date(DAYTIME.getTime() + 5 * 60 * 60 * 1000);
    const notifications = createNotificationService(t.app.services);
    const phones = Array.from({ length: 6 }, () => uniquePhone());
    // A message to a guardian goes with the child it is about.
    const child = await createPlayer(t);
    for (const phone of phones)
      await notifications.notifyNow([
        {
          event: "guardian-asked",
          params: { playerFirstName: "Ama", guardianLink: "/guardian#consent=x" },
          to: { role: "guardian", name: "Ama", phone, of: child.id },
        },
      ]);
    await deliveriesSettled(t);
    const states = async () =>
      (await storedDeliveries(t)).filter((row) => phones.includes(row.address ?? "")).map((row) => row.state);
    // Notifications may use 4 of the hour's 6: two are kept for codes.
    expect((await states()).sort()).toEqual(["held", "held", "sent", "sent", "sent", "sent"]);
    const admin = await createStaff(t, "admin");
    const list = await inject("GET", "/api/admin/notifications?state=held", undefined, admin.cookie);
    const held = list.json<{ notifications: { lastError: string | null }[] }>().notifications;
    expect(held.map((row) => row.lastError)).toEqual([
      SMS_BUDGET.deliveryWaiting("ZM"),
      SMS_BUDGET.deliveryWaiting("ZM"),
    ]);

    t.clock.advance(60 * 60 * 1000);
    expect(await releaseHeldSms(t.app.services)).toBe(2);
    await deliveriesSettled(t);
    expect(await states()).toEqual(["sent", "sent", "sent", "sent", "sent", "sent"]);
    for (const phone of phones) expect(readSmsOutbox(t, phone)).toHaveLength(1);
  });
});
