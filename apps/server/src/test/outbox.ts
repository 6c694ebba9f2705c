import fs from "node:fs";
import path from "node:path";
import type { TestApp } from "./test-app.ts";
import { EMAIL_OUTBOX_FILE } from "../email/console-sender.ts";

export interface OutboxEmail {
  to: string;
  subject: string;
  body: string;
  sentAt: string;
}

/** Every e-mail the console provider wrote to this test app's outbox, oldest first. */
export function readEmailOutbox(t: TestApp, to?: string): OutboxEmail[] {
  const file = path.join(t.dataDir, EMAIL_OUTBOX_FILE);
  if (!fs.existsSync(file)) return [];
  const all = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEmail);
  return to ? all.filter((m) => m.to === to) : all;
}
