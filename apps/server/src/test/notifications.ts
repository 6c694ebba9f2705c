import { sql } from "drizzle-orm";
import type { TestApp } from "./test-app.ts";

/** A time of day when SMS may go (12:00 in Lusaka), so no test's messages are held for the night. */
export const DAYTIME = new Date("2026-11-27T10:00:00Z");

export interface StoredNotification {
  accountId: string | null;
  event: string;
  text: string;
  channel: string;
  address: string | null;
  state: string;
}

/** Every delivery written so far, with its notification, oldest first (what the outbox holds). */
export async function storedDeliveries(t: TestApp): Promise<StoredNotification[]> {
  const rows = await t.app.services.db.execute(sql`
    select n.account_id, n.event, n.text, d.channel, d.address, d.state
    from notification_deliveries d join notifications n on n.id = d.notification_id
    order by d.created_at, n.id, d.channel <> 'inbox', d.channel`);
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    accountId: (row.account_id as string | null) ?? null,
    event: String(row.event),
    text: String(row.text),
    channel: String(row.channel),
    address: (row.address as string | null) ?? null,
    state: String(row.state),
  }));
}

/** Waits until no SMS or e-mail is waiting to be sent (the app's job runner sends them). */
export async function deliveriesSettled(t: TestApp, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const rows = await storedDeliveries(t);
    if (!rows.some((row) => row.state === "queued" || row.state === "retrying")) return;
    if (Date.now() > end)
      throw new Error(`deliveries still waiting: ${JSON.stringify(rows.filter((r) => r.state !== "sent"))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
