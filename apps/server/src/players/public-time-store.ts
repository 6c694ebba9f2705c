import { and, eq, gt, lte, sql } from "drizzle-orm";
import { consentAllowsPublic } from "../auth/guardian-store.ts";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { playerProfiles, profilePublicSince } from "../db/schema/profiles.ts";

export interface PublicTimeRow {
  playerId: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  publicSince: Date;
}

/** The SQL behind the notices about a profile's public time (the rule is in public-time-notices.ts). */
export function createPublicTimeStore(db: Database) {
  const ends = (days: number) => sql`(${profilePublicSince} + make_interval(days => ${days}))`;
  return {
    /**
     * Approved profiles whose public time ends after `from` and at or before `to`, that consent
     * lets be public at `at`: a minor still waiting for their guardian has no public time to end.
     */
    async endingBetween(from: Date, to: Date, expiryDays: number, at: Date): Promise<PublicTimeRow[]> {
      const rows = await db
        .select({
          playerId: playerProfiles.playerId,
          firstName: players.firstName,
          lastName: players.lastName,
          phoneNumber: players.phoneNumber,
          email: players.email,
          publicSince: sql<Date | string>`${profilePublicSince}`,
        })
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .where(
          and(
            eq(playerProfiles.reviewStatus, "approved"),
            gt(ends(expiryDays), from),
            lte(ends(expiryDays), to),
            consentAllowsPublic(at),
          ),
        )
        .limit(1000);
      return rows.map((row) => ({ ...row, publicSince: new Date(row.publicSince) }));
    },
  };
}
