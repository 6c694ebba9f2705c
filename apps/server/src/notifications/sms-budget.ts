import type { FastifyBaseLogger } from "fastify";
import { SMS_BUDGET, SMS_BUDGET_SHARE_FOR_WAITING } from "@touchline/contract/sms-budget";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { createHitCounterStore } from "../http/hit-counter-store.ts";
import { startOfLusakaDay } from "./quiet-hours.ts";
import { budgetFor, type BudgetSetting } from "../sms/sms-budget-setting.ts";
import { smsCountryOf, smsGoesTo } from "../sms/sms-country.ts";
import type { SmsSender } from "../sms/sender.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type BudgetPeriod = "hour" | "day";

/** Why the product did not send an SMS; a 4xx/5xx whose message the person reads as it is. */
export class SmsRefusedError extends HttpError {
  constructor(
    /** country: SMS do not go to the number's country; budget: its budget for now is used up. */
    public readonly reason: "country" | "budget",
    public readonly country: string | null,
    retryAfterSeconds = 0,
  ) {
    super(
      reason === "country" ? 422 : 503,
      reason === "country" ? SMS_BUDGET.countryNotServed : SMS_BUDGET.codeRefused(Math.ceil(retryAfterSeconds / 60)),
      undefined,
      reason === "country"
        ? { code: "SMS_COUNTRY_NOT_SERVED" }
        : { code: "SMS_BUDGET_REACHED", retryAfterSeconds: Math.max(1, retryAfterSeconds) },
    );
    this.name = "SmsRefusedError";
  }
}

/** One SMS counted against its country's budgets, to be given back if it was not sent after all. */
interface Slot {
  country: string;
  windows: { bucket: string; windowStart: Date }[];
}

/** Where a country stands in a period whose budget was reached: the console's alert. */
export interface BudgetReached {
  country: string;
  period: BudgetPeriod;
  sent: number;
  budget: number;
  /** SMS refused or held back in this period so far. */
  refused: number;
  /** When the period (and the refusals) end. */
  until: Date;
}

const SENT_BUCKET: Record<BudgetPeriod, string> = { hour: "sms-budget:hour", day: "sms-budget:day" };
const REFUSED_BUCKET: Record<BudgetPeriod, string> = { hour: "sms-refused:hour", day: "sms-refused:day" };

/**
 * The product's SMS budgets: at most SMS_BUDGET_PER_HOUR and SMS_BUDGET_PER_DAY SMS to each
 * destination country, and none to a country SMS_COUNTRIES does not list. Counted in the
 * database (the shared hit counter), so the budget holds for every instance together; each
 * SMS is counted before it goes, so two instances cannot both take the last one.
 */
export function createSmsBudget(deps: {
  db: Database;
  config: Pick<Config, "SMS_COUNTRIES" | "SMS_BUDGET_PER_HOUR" | "SMS_BUDGET_PER_DAY">;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { config, now, log } = deps;
  const counter = createHitCounterStore(deps.db);
  const settings: Record<BudgetPeriod, BudgetSetting> = {
    hour: config.SMS_BUDGET_PER_HOUR,
    day: config.SMS_BUDGET_PER_DAY,
  };
  // Clock hours; days from midnight in Lusaka, so a day's budget renews when the country's day does.
  const windowOf = (period: BudgetPeriod, at: Date) => {
    const start = period === "hour" ? new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS) : startOfLusakaDay(at);
    return { start, end: new Date(start.getTime() + (period === "hour" ? HOUR_MS : DAY_MS)) };
  };

  /** Whether SMS go to this number's country at all. */
  const serves = (phone: string): boolean => smsGoesTo(phone, config.SMS_COUNTRIES);

  async function giveBack(slot: Slot): Promise<void> {
    for (const { bucket, windowStart } of slot.windows) await counter.takeBack(bucket, slot.country, windowStart);
  }

  /** Counts a refusal; the first of a country's period is logged as the operator's alert. */
  async function noteRefusal(
    country: string,
    period: BudgetPeriod,
    windowStart: Date,
    budget: number,
    canWait: boolean,
  ) {
    const refusals = await counter.add(REFUSED_BUCKET[period], country, windowStart);
    if (refusals === 1)
      log.error(
        { country, period, budget, canWait, setting: period === "hour" ? "SMS_BUDGET_PER_HOUR" : "SMS_BUDGET_PER_DAY" },
        "SMS budget reached: codes to this country are refused and notification SMS wait until the budget allows",
      );
  }

  return {
    serves,

    /**
     * Counts one SMS to phone against its country's budgets, or throws an SmsRefusedError (and
     * counts nothing) when the country is not served or a budget is used up. A message that can
     * wait stops at SMS_BUDGET_SHARE_FOR_WAITING of each budget.
     */
    async take(phone: string, { canWait = false }: { canWait?: boolean } = {}): Promise<Slot> {
      const country = smsCountryOf(phone);
      if (country === null || !config.SMS_COUNTRIES.includes(country)) throw new SmsRefusedError("country", country);
      const at = now();
      const slot: Slot = { country, windows: [] };
      for (const period of ["hour", "day"] as const) {
        const budget = budgetFor(settings[period], country);
        const allowed = canWait ? Math.floor(budget * SMS_BUDGET_SHARE_FOR_WAITING) : budget;
        const window = windowOf(period, at);
        const sent = await counter.add(SENT_BUCKET[period], country, window.start);
        slot.windows.push({ bucket: SENT_BUCKET[period], windowStart: window.start });
        if (sent > allowed) {
          await giveBack(slot);
          await noteRefusal(country, period, window.start, budget, canWait);
          throw new SmsRefusedError("budget", country, Math.ceil((window.end.getTime() - at.getTime()) / 1000));
        }
      }
      return slot;
    },

    giveBack,

    /** Each country and period in which an SMS was refused or held back by its budget, now. */
    async reached(): Promise<BudgetReached[]> {
      const at = now();
      const found: BudgetReached[] = [];
      for (const period of ["hour", "day"] as const) {
        const window = windowOf(period, at);
        const refused = await counter.keysAt(REFUSED_BUCKET[period], window.start);
        if (refused.length === 0) continue;
        const sent = new Map(
          (await counter.keysAt(SENT_BUCKET[period], window.start)).map((row) => [row.key, row.hits]),
        );
        for (const row of refused)
          found.push({
            country: row.key,
            period,
            sent: sent.get(row.key) ?? 0,
            budget: budgetFor(settings[period], row.key),
            refused: row.hits,
            until: window.end,
          });
      }
      return found.sort((a, b) => a.country.localeCompare(b.country) || a.period.localeCompare(b.period));
    },
  };
}
export type SmsBudget = ReturnType<typeof createSmsBudget>;

/**
 * The sender every part of the product uses: each SMS is counted against the budget before the
 * provider gets it, and given back when the provider did not take it.
 */
export function withSmsBudget(inner: SmsSender, budget: SmsBudget): SmsSender {
  return {
    async send(to, body, options) {
      const slot = await budget.take(to, options);
      try {
        return await inner.send(to, body, options);
      } catch (error) {
        await budget.giveBack(slot);
        throw error;
      }
    },
  };
}
