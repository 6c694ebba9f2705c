import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (run through playwright.config.ts)");
  return dir;
};

export interface OutboxMessage {
  to: string;
  body: string;
  sentAt: string;
  subject?: string;
}

/** Lines of DATA_DIR/sms-outbox.jsonl or email-outbox.jsonl, oldest first. */
export function readOutbox(kind: "sms" | "email"): OutboxMessage[] {
  const file = path.join(dataDir(), `${kind}-outbox.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** Waits for the newest SMS to a number and returns its 5-digit code. */
export async function latestCode(to: string, after = 0): Promise<string> {
  let code = "";
  await expect
    .poll(() => {
      const messages = readOutbox("sms").filter((m) => m.to === to);
      const latest = messages.length > after ? messages.at(-1) : undefined;
      code = latest?.body.match(/\b(\d{5})\b/)?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{5}$/);
  return code;
}

/** No serious or critical axe violation on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** The page is no wider than the viewport (no horizontal scroll). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
