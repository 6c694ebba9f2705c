import { and, eq, sql, type SQL } from "drizzle-orm";
import { GUARDIAN_CONSENT_UNDER_AGE } from "@touchline/contract/limits";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { guardianConsents, type GuardianConsentRow } from "../db/schema/guardians.ts";
import { playerProfiles, profileConsentGivenAt } from "../db/schema/profiles.ts";
import { scoutRequests } from "../db/schema/scouts.ts";

/** What a consent's page says of the player's profile: its review, and its public time. */
const PROFILE_REVIEW = {
  reviewStatus: playerProfiles.reviewStatus,
  reviewedAt: playerProfiles.reviewedAt,
  videoUploadedAt: playerProfiles.videoUploadedAt,
  submittedAt: playerProfiles.submittedAt,
  consentGivenAt: profileConsentGivenAt,
};

/**
 * The latest birth date of a player who is GUARDIAN_CONSENT_UNDER_AGE or older on `at` (UTC
 * calendar, as ageOn counts): born on or before it, nobody's consent is needed.
 */
export function adultBornOnOrBefore(at: Date): string {
  const year = at.getUTCFullYear() - GUARDIAN_CONSENT_UNDER_AGE;
  const month = String(at.getUTCMonth() + 1).padStart(2, "0");
  const day = String(at.getUTCDate()).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${month}-${day}`;
}

/**
 * A profile row may be public as far as consent goes: its player is an adult on `at`, or their
 * guardian's consent is given. Every public read of profiles (the talent list, player pages,
 * public media) adds this to its conditions, so a withdrawal hides the profile at the next read.
 */
export function consentAllowsPublic(at: Date): SQL {
  return sql`(${playerProfiles.birthDate} <= ${adultBornOnOrBefore(at)} or exists (
    select 1 from ${guardianConsents} where ${guardianConsents.playerId} = ${playerProfiles.playerId}
      and ${guardianConsents.state} = 'given'))`;
}

/** The SQL of guardian consents. */
export function createGuardianStore(db: Database, now: () => Date) {
  return {
    async forPlayer(playerId: string): Promise<GuardianConsentRow | null> {
      const [row] = await db.select().from(guardianConsents).where(eq(guardianConsents.playerId, playerId));
      return row ?? null;
    },

    /** The consent a link's token opens, with the player it is about and their profile's review, if any. */
    async byLinkHash(linkTokenHash: string) {
      const [row] = await db
        .select({
          consent: guardianConsents,
          playerFirstName: players.firstName,
          playerUsername: players.username,
          dateOfBirth: players.dateOfBirth,
          profile: PROFILE_REVIEW,
        })
        .from(guardianConsents)
        .innerJoin(players, eq(players.id, guardianConsents.playerId))
        .leftJoin(playerProfiles, eq(playerProfiles.playerId, guardianConsents.playerId))
        .where(eq(guardianConsents.linkTokenHash, linkTokenHash));
      return row ?? null;
    },

    /** The request a request link's token opens, with the consent of its player and their profile's review. */
    async byRequestLinkHash(guardianLinkHash: string) {
      const [row] = await db
        .select({
          consent: guardianConsents,
          playerFirstName: players.firstName,
          playerUsername: players.username,
          dateOfBirth: players.dateOfBirth,
          profile: PROFILE_REVIEW,
          requestId: scoutRequests.id,
          requestGuardianPhone: scoutRequests.guardianPhone,
          requestSentAt: scoutRequests.sentAt,
        })
        .from(scoutRequests)
        .innerJoin(guardianConsents, eq(guardianConsents.playerId, scoutRequests.playerId))
        .innerJoin(players, eq(players.id, scoutRequests.playerId))
        .leftJoin(playerProfiles, eq(playerProfiles.playerId, scoutRequests.playerId))
        .where(eq(scoutRequests.guardianLinkHash, guardianLinkHash));
      return row ?? null;
    },

    /** Stores the hash of the guardian's link to one request. */
    async setRequestLink(requestId: string, guardianLinkHash: string): Promise<void> {
      await db.update(scoutRequests).set({ guardianLinkHash }).where(eq(scoutRequests.id, requestId));
    },

    /**
     * Names the player's guardian: a new guardian (or a new number) starts again from 'waiting'
     * with no link and no code, so nothing sent to a previous number still works.
     */
    async saveGuardian(playerId: string, guardianName: string, guardianPhone: string): Promise<void> {
      const at = now();
      const fresh = {
        guardianName,
        guardianPhone,
        state: "waiting" as const,
        linkTokenHash: null,
        linkSentAt: null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        decidedAt: null,
        updatedAt: at,
      };
      await db
        .insert(guardianConsents)
        .values({ playerId, ...fresh, createdAt: at })
        .onConflictDoUpdate({ target: guardianConsents.playerId, set: fresh });
    },

    /**
     * A consent recorded as given without the SMS steps: for demo data and tests only, where the
     * "guardian" is invented.
     */
    async recordGivenWithoutSms(playerId: string, guardianName: string, guardianPhone: string): Promise<void> {
      await this.saveGuardian(playerId, guardianName, guardianPhone);
      const at = now();
      await db
        .update(guardianConsents)
        .set({ state: "given", decidedAt: at, updatedAt: at })
        .where(eq(guardianConsents.playerId, playerId));
    },

    async remove(playerId: string): Promise<void> {
      await db.delete(guardianConsents).where(eq(guardianConsents.playerId, playerId));
    },

    /** A new link replaces the previous one. */
    async setLink(playerId: string, linkTokenHash: string): Promise<void> {
      const at = now();
      await db
        .update(guardianConsents)
        .set({ linkTokenHash, linkSentAt: at, updatedAt: at })
        .where(eq(guardianConsents.playerId, playerId));
    },

    async setCode(playerId: string, codeHash: string, codeExpiresAt: Date): Promise<void> {
      await db
        .update(guardianConsents)
        .set({ codeHash, codeExpiresAt, codeAttempts: 0, updatedAt: now() })
        .where(eq(guardianConsents.playerId, playerId));
    },

    async countWrongCode(playerId: string): Promise<void> {
      await db
        .update(guardianConsents)
        .set({ codeAttempts: sql`${guardianConsents.codeAttempts} + 1` })
        .where(eq(guardianConsents.playerId, playerId));
    },

    /** Records the guardian's answer; a 'given' spends the code. False when the link changed meanwhile. */
    async decide(
      playerId: string,
      linkTokenHash: string,
      state: "given" | "withdrawn",
      tx: Pick<Database, "update"> = db,
    ): Promise<boolean> {
      const at = now();
      const rows = await tx
        .update(guardianConsents)
        .set({ state, decidedAt: at, updatedAt: at, codeHash: null, codeExpiresAt: null, codeAttempts: 0 })
        .where(and(eq(guardianConsents.playerId, playerId), eq(guardianConsents.linkTokenHash, linkTokenHash)))
        .returning({ playerId: guardianConsents.playerId });
      return rows.length > 0;
    },
  };
}

export type GuardianStore = ReturnType<typeof createGuardianStore>;
