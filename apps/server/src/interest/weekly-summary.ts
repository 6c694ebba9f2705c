import { INTEREST_SUMMARY_DAYS } from "@touchline/contract/interest";
import { createPlayerStore } from "../auth/player-store.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import type { AppServices } from "../services.ts";
import { createInterestService } from "./interest-service.ts";
import { createInterestStore } from "./interest-store.ts";
import { lusakaDay, lusakaDayBefore, startOfDay } from "./lusaka-day.ts";

/**
 * Tells each player whose public profile had visitors or verified scouts in the last
 * INTEREST_SUMMARY_DAYS how many, once a week: through the notification service, so the player's
 * channel, the daily SMS cap, quiet hours and the unsubscribe link all apply. A week with nobody
 * sends nothing. notifyOnce keeps it to one a week, whichever worker runs it and however often.
 * Answers how many were told.
 */
export async function sendWeeklyInterest(services: AppServices): Promise<number> {
  const at = services.now();
  const fromDay = lusakaDayBefore(lusakaDay(at), INTEREST_SUMMARY_DAYS - 1);
  const weekStart = startOfDay(fromDay);
  const interest = createInterestService({
    db: services.db,
    now: services.now,
    videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
  });
  const accounts = createPlayerStore(services.db, services.now);
  const notifications = createNotificationService(services);
  let told = 0;
  for (const playerId of await createInterestStore(services.db).playersWithInterestSince(fromDay, weekStart)) {
    const week = await interest.interestOf(playerId, { days: INTEREST_SUMMARY_DAYS, savedSearches: false });
    if (week.visitors === 0 && week.scouts.total === 0) continue;
    const player = await accounts.byId(playerId);
    if (!player || player.role !== "player") continue;
    const sent = await notifications.notifyOnce(
      {
        event: "interest-weekly",
        params: { visitors: week.visitors, scouts: week.scouts.total },
        to: {
          role: "player",
          accountId: player.id,
          name: `${player.firstName} ${player.lastName}`,
          phone: player.phoneNumber,
          email: player.email,
        },
      },
      // Not told since a week ago (less an hour, so that a run a little early still sends).
      new Date(at.getTime() - (INTEREST_SUMMARY_DAYS * 24 - 1) * 60 * 60 * 1000),
    );
    if (sent) told += 1;
  }
  return told;
}
