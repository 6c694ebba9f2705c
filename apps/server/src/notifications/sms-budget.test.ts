import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import { migrate } from "../db/migrate.ts";
import type { DatabaseConnection } from "../db/client.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { createSmsBudget, SmsRefusedError, withSmsBudget } from "./sms-budget.ts";
import { parseBudgetSetting } from "../sms/sms-budget-setting.ts";
import type { SmsSender } from "../sms/sender.ts";

let connection: DatabaseConnection;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ connection, drop } = await createTestDatabase());
  await migrate(connection);
});
afterAll(() => drop());

/** A log whose lines the test reads. */
function capturingLog() {
  const lines: { level: number; msg: string; country?: string; period?: string }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

let clockAt = Date.UTC(2026, 5, 1, 8, 10);
/** Each test starts its own hour, far from the others', so counts never meet. */
function freshClock() {
  clockAt += 7 * 24 * 60 * 60 * 1000;
  const clock = { at: new Date(clockAt), now: () => new Date(clock.at) };
  return clock;
}

function budget(
  clock: { now: () => Date },
  { hour = "ZM=5,*=2", day = "ZM=8,*=3", countries = ["ZM", "MW"] } = {},
  log = capturingLog().log,
) {
  return createSmsBudget({
    db: connection.db,
    config: {
      SMS_COUNTRIES: countries,
      SMS_BUDGET_PER_HOUR: parseBudgetSetting(hour)!,
      SMS_BUDGET_PER_DAY: parseBudgetSetting(day)!,
    },
    now: clock.now,
    log,
  });
}

/** How many of tries SMS to phone the budget lets through. */
async function taken(b: ReturnType<typeof budget>, phone: string, tries: number, canWait = false) {
  let ok = 0;
  for (let i = 0; i < tries; i++) {
    try {
      await b.take(phone, { canWait });
      ok++;
    } catch (error) {
      expect(error).toBeInstanceOf(SmsRefusedError);
    }
  }
  return ok;
}

describe("SMS budget", () => {
  it("lets through each country's hourly budget and refuses the rest with a plain message", async () => {
    const clock = freshClock();
    const b = budget(clock);
    expect(await taken(b, "+260971234567", 9)).toBe(5);
    expect(await taken(b, "+265991234567", 9)).toBe(2);
    const refusal = await b.take("+260979999999").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SmsRefusedError);
    const refused = refusal as SmsRefusedError;
    expect(refused.reason).toBe("budget");
    expect(refused.statusCode).toBe(503);
    // 08:10 on the clock: the hour's budget renews at 09:00, in 50 minutes.
    expect(refused.extra).toEqual({ code: "SMS_BUDGET_REACHED", retryAfterSeconds: 50 * 60 });
    expect(refused.message).toBe(SMS_BUDGET.codeRefused(50));
  });

  it("renews the hour's budget each hour, under a day's budget from midnight in Lusaka", async () => {
    const clock = freshClock();
    const b = budget(clock);
    expect(await taken(b, "+260971234567", 6)).toBe(5);
    clock.at = new Date(clock.at.getTime() + 60 * 60 * 1000);
    // The day allows 8: 3 more this hour, not 5.
    expect(await taken(b, "+260971234567", 6)).toBe(3);
    // Midnight in Lusaka is 22:00 UTC: a new day.
    clock.at = new Date(Date.UTC(clock.at.getUTCFullYear(), clock.at.getUTCMonth(), clock.at.getUTCDate(), 22, 5));
    expect(await taken(b, "+260971234567", 6)).toBe(5);
  });

  it("keeps a fifth of each budget for codes: messages that can wait stop before it", async () => {
    const clock = freshClock();
    const b = budget(clock, { hour: "10", day: "100" });
    expect(await taken(b, "+260971234567", 20, true)).toBe(8);
    expect(await taken(b, "+260971234567", 20, false)).toBe(2);
  });

  it("sends nothing to a country not listed, and counts nothing for it", async () => {
    const clock = freshClock();
    const b = budget(clock);
    // The numbers of the pumping seen in the wild: international networks, Russia, Latvia.
    for (const phone of ["+882123456789", "+79123456789", "+37120000000", "+447911123456"]) {
      const refusal = (await b.take(phone).catch((error: unknown) => error)) as SmsRefusedError;
      expect(refusal).toBeInstanceOf(SmsRefusedError);
      expect(refusal.reason).toBe("country");
      expect(refusal.message).toBe(SMS_BUDGET.countryNotServed);
    }
    expect(b.serves("+260971234567")).toBe(true);
    expect(b.serves("+79123456789")).toBe(false);
    expect(await b.reached()).toEqual([]);
  });

  it("holds for several servers on one database together", async () => {
    const clock = freshClock();
    const servers = [budget(clock), budget(clock), budget(clock)];
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) => servers[i % 3]!.take("+260971234567")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("gives back an SMS the provider did not take", async () => {
    const clock = freshClock();
    const b = budget(clock);
    const failing: SmsSender = { send: () => Promise.reject(new Error("provider down")) };
    const sent: string[] = [];
    const working: SmsSender = { send: async (to) => void sent.push(to) };
    for (let i = 0; i < 7; i++)
      await expect(withSmsBudget(failing, b).send("+260971234567", "hello")).rejects.toThrow("provider down");
    for (let i = 0; i < 7; i++)
      await withSmsBudget(working, b)
        .send("+260971234567", "hello")
        .catch(() => undefined);
    expect(sent).toHaveLength(5);
  });

  it("raises one alert per country and period, in the log and for the console", async () => {
    const clock = freshClock();
    const { log, lines } = capturingLog();
    const b = budget(clock, {}, log);
    await taken(b, "+260971234567", 9);
    await taken(b, "+265991234567", 4, true);
    const alerts = lines.filter((line) => line.msg.startsWith("SMS budget reached"));
    expect(alerts.map((line) => [line.level, line.country, line.period])).toEqual([
      [50, "ZM", "hour"],
      [50, "MW", "hour"],
    ]);
    const reached = await b.reached();
    expect(
      reached.map(({ country, period, sent, budget, refused }) => ({ country, period, sent, budget, refused })),
    ).toEqual([
      // Messages that can wait stop at 80% of Malawi's 2: one went.
      { country: "MW", period: "hour", sent: 1, budget: 2, refused: 3 },
      { country: "ZM", period: "hour", sent: 5, budget: 5, refused: 4 },
    ]);
  });
});

describe("budget settings", () => {
  it("reads one figure for all countries, or figures per country with * for the rest", () => {
    expect(parseBudgetSetting("300")).toEqual({ byCountry: {}, others: 300 });
    expect(parseBudgetSetting("zm=300, MW=40,*=10")).toEqual({ byCountry: { ZM: 300, MW: 40 }, others: 10 });
    expect(parseBudgetSetting("ZM=300")).toEqual({ byCountry: { ZM: 300 }, others: 0 });
    for (const bad of ["", "ZM", "ZM=-1", "Zambia=3", "ZM=3;MW=4", "1.5"]) expect(parseBudgetSetting(bad)).toBeNull();
  });
});
