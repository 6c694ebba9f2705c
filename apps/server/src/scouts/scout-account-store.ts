import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { ScoutAccountView, ScoutState } from "@touchline/contract/scouts";
import type { Database } from "../db/client.ts";
import { smsGoesTo } from "../sms/sms-country.ts";
import { players } from "../db/schema/auth.ts";
import { scoutAccounts, scoutReports, type ScoutAccountRow } from "../db/schema/scouts.ts";
import { createPlayerStore, type PlayerRow } from "../auth/player-store.ts";

/** A scout account needs no birth date; the column is the players table's, shared with staff. */
const NO_BIRTH_DATE = "1970-01-01";

export interface NewScout {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  organisation: string;
  organisationKind: ScoutAccountRow["organisationKind"];
  roleTitle: string;
  country: string;
  proofUrl: string;
}

export interface ScoutWithAccount {
  account: PlayerRow;
  scout: ScoutAccountRow;
}

export function toScoutAccountView(
  { account, scout }: ScoutWithAccount,
  smsCountries: readonly string[],
): ScoutAccountView {
  return {
    id: account.id,
    firstName: account.firstName,
    lastName: account.lastName,
    organisation: scout.organisation,
    organisationKind: scout.organisationKind,
    roleTitle: scout.roleTitle,
    country: scout.country,
    proofUrl: scout.proofUrl,
    email: account.email,
    phoneNumber: account.phoneNumber,
    phoneConfirmed: account.phoneVerifiedAt !== null,
    phoneBySms: smsGoesTo(account.phoneNumber, smsCountries),
    emailConfirmed: scout.emailConfirmedAt !== null,
    state: scout.state,
    stateReason: scout.stateReason,
    joinedAt: scout.createdAt.toISOString(),
  };
}

/** The SQL of scout accounts: the account row (players) and its organisation and standing. */
export function createScoutAccountStore(db: Database, now: () => Date) {
  const withAccount = () =>
    db
      .select({ account: players, scout: scoutAccounts })
      .from(scoutAccounts)
      .innerJoin(players, eq(players.id, scoutAccounts.accountId));

  return {
    /** The account and its scout row in one transaction; a taken e-mail or phone throws 23505. */
    async insert(input: NewScout, emailTokenHash: string): Promise<ScoutWithAccount> {
      return db.transaction(async (tx) => {
        const id = randomUUID();
        // The username is internal for scouts (they log in by e-mail): unique and never shown.
        const username = `scout-${id.slice(0, 8)}`;
        const account = await createPlayerStore(tx, now).insertRow({
          id,
          firstName: input.firstName,
          lastName: input.lastName,
          username,
          usernameKey: username,
          dateOfBirth: NO_BIRTH_DATE,
          email: input.email,
          phoneNumber: input.phoneNumber,
          passwordHash: input.passwordHash,
          role: "scout",
          phoneVerifiedAt: null,
          createdAt: now(),
        });
        const [scout] = await tx
          .insert(scoutAccounts)
          .values({
            accountId: id,
            organisation: input.organisation,
            organisationKind: input.organisationKind,
            roleTitle: input.roleTitle,
            country: input.country,
            proofUrl: input.proofUrl,
            emailTokenHash,
            emailTokenSentAt: now(),
            createdAt: now(),
          })
          .returning();
        return { account, scout: scout! };
      });
    },

    async byId(accountId: string): Promise<ScoutWithAccount | null> {
      const [row] = await withAccount().where(eq(scoutAccounts.accountId, accountId));
      return row ?? null;
    },

    async byEmail(email: string): Promise<ScoutWithAccount | null> {
      const [row] = await withAccount().where(eq(players.email, email));
      return row ?? null;
    },

    async byEmailToken(tokenHash: string): Promise<ScoutWithAccount | null> {
      const [row] = await withAccount().where(eq(scoutAccounts.emailTokenHash, tokenHash));
      return row ?? null;
    },

    async setEmailToken(accountId: string, tokenHash: string): Promise<void> {
      await db
        .update(scoutAccounts)
        .set({ emailTokenHash: tokenHash, emailTokenSentAt: now() })
        .where(eq(scoutAccounts.accountId, accountId));
    },

    async confirmEmail(accountId: string): Promise<void> {
      await db
        .update(scoutAccounts)
        .set({ emailConfirmedAt: now(), emailTokenHash: null })
        .where(eq(scoutAccounts.accountId, accountId));
    },

    async confirmPhone(accountId: string): Promise<void> {
      await createPlayerStore(db, now).markPhoneVerified(accountId);
    },

    /**
     * Moves a scout from `from` to `to` only while they are still in `from` (two staff acting
     * at once: the second finds nothing to change). `stateBeforeSuspension` is what a suspension
     * interrupted, kept for the restore; null otherwise. Returns the updated row, or null.
     */
    async changeState(
      accountId: string,
      move: {
        from: ScoutState;
        to: ScoutState;
        reason: string | null;
        stateBeforeSuspension: ScoutAccountRow["stateBeforeSuspension"];
      },
      tx: Pick<Database, "update"> = db,
    ): Promise<ScoutAccountRow | null> {
      const [row] = await tx
        .update(scoutAccounts)
        .set({
          state: move.to,
          stateReason: move.reason,
          stateBeforeSuspension: move.stateBeforeSuspension,
          stateChangedAt: now(),
        })
        .where(and(eq(scoutAccounts.accountId, accountId), eq(scoutAccounts.state, move.from)))
        .returning();
      return row ?? null;
    },

    /** Scouts in one state for the review console: the oldest waiting first. */
    async list(state: ScoutState): Promise<ScoutWithAccount[]> {
      return withAccount()
        .where(eq(scoutAccounts.state, state))
        .orderBy(state === "unverified" ? asc(scoutAccounts.createdAt) : desc(scoutAccounts.stateChangedAt))
        .limit(200);
    },

    /** Reports players made about scouts and staff have not handled yet, newest first. */
    async openReports() {
      return db
        .select({
          id: scoutReports.id,
          scoutId: scoutReports.scoutId,
          reason: scoutReports.reason,
          createdAt: scoutReports.createdAt,
          playerUsername: players.username,
        })
        .from(scoutReports)
        .innerJoin(players, eq(players.id, scoutReports.playerId))
        .where(isNull(scoutReports.handledAt))
        .orderBy(desc(scoutReports.createdAt))
        .limit(200);
    },

    async markReportHandled(id: string, tx: Pick<Database, "update"> = db): Promise<boolean> {
      const rows = await tx
        .update(scoutReports)
        .set({ handledAt: now() })
        .where(and(eq(scoutReports.id, id), isNull(scoutReports.handledAt)))
        .returning({ id: scoutReports.id });
      return rows.length > 0;
    },
  };
}

export type ScoutAccountStore = ReturnType<typeof createScoutAccountStore>;
