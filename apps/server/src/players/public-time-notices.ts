import { PUBLIC_ENDING_NOTICE_DAYS } from "@touchline/contract/limits";
import { createNotificationService } from "../notifications/notification-service.ts";
import type { AppServices } from "../services.ts";
import { createPublicTimeStore, type PublicTimeRow } from "./public-time-store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back an ended public time is still told: a server that was off for a day catches up, a first start does not tell the old ones. */
const ENDED_LOOKBACK_DAYS = 2;

/**
 * Warns players PUBLIC_ENDING_NOTICE_DAYS before their profile's public time ends, and tells them
 * when it has ended: each once per public period (a renewal starts a new one), whichever worker
 * runs it and however often. Answers how many were told.
 */
export async function sendPublicTimeNotices(services: AppServices): Promise<number> {
  const now = services.now();
  const days = services.config.VIDEO_EXPIRY_DAYS;
  const store = createPublicTimeStore(services.db);
  const notifications = createNotificationService(services);
  const ending = await store.endingBetween(
    now,
    new Date(now.getTime() + PUBLIC_ENDING_NOTICE_DAYS * DAY_MS),
    days,
    now,
  );
  const ended = await store.endingBetween(new Date(now.getTime() - ENDED_LOOKBACK_DAYS * DAY_MS), now, days, now);
  let told = 0;
  const to = (row: PublicTimeRow) => ({
    role: "player" as const,
    accountId: row.playerId,
    name: `${row.firstName} ${row.lastName}`,
    phone: row.phoneNumber,
    email: row.email,
  });
  for (const row of ending) {
    const endsAt = row.publicSince.getTime() + days * DAY_MS;
    const daysLeft = Math.max(1, Math.ceil((endsAt - now.getTime()) / DAY_MS));
    if (await notifications.notifyOnce({ event: "public-ending", params: { daysLeft }, to: to(row) }, row.publicSince))
      told += 1;
  }
  for (const row of ended) {
    if (await notifications.notifyOnce({ event: "public-ended", params: {}, to: to(row) }, row.publicSince)) told += 1;
  }
  return told;
}
