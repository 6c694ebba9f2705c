import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, like, or } from "drizzle-orm";
import type { SessionInfo } from "@touchline/contract/auth";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import type { Role } from "./request-user.ts";

export type PlayerRow = typeof players.$inferSelect;

export interface NewAccount {
  firstName: string;
  lastName: string;
  userName: string;
  dateOfBirth: string;
  email: string;
  /** E.164. */
  phoneNumber: string;
  passwordHash: string;
  role?: Role;
  /** When the phone was confirmed; null for a pending account. */
  phoneVerifiedAt: Date | null;
}

/** Lower-cased keys, so uniqueness and look-ups ignore case. */
export const usernameKeyOf = (userName: string) => userName.toLowerCase();
export const emailKeyOf = (email: string) => email.trim().toLowerCase();

/** Who is logged in; the routes answer it with sessionToAnswer, under the names the companion app reads. */
export function toSessionInfo(player: PlayerRow): SessionInfo {
  return {
    playerId: player.id,
    username: player.username,
    email: player.email,
    phoneNumber: player.phoneNumber,
    firstName: player.firstName,
    lastName: player.lastName,
    role: player.role,
  };
}

/** Plain data access to the players table; the rules live in auth-service.ts. */
export function createPlayerStore(db: Database, now: () => Date) {
  return {
    async byId(id: string): Promise<PlayerRow | undefined> {
      return (await db.select().from(players).where(eq(players.id, id)))[0];
    },

    async byPhone(phoneNumber: string): Promise<PlayerRow | undefined> {
      return (await db.select().from(players).where(eq(players.phoneNumber, phoneNumber)))[0];
    },

    /** The account using an e-mail address (any case), if any. */
    async byEmail(email: string): Promise<PlayerRow | undefined> {
      return (
        await db
          .select()
          .from(players)
          .where(eq(players.email, emailKeyOf(email)))
      )[0];
    },

    /** Every account holding the phone, username or e-mail of a registration. */
    async holdersOf(input: { phoneNumber: string; userName: string; email: string }): Promise<PlayerRow[]> {
      return db
        .select()
        .from(players)
        .where(
          or(
            eq(players.phoneNumber, input.phoneNumber),
            eq(players.usernameKey, usernameKeyOf(input.userName)),
            eq(players.email, emailKeyOf(input.email)),
          ),
        );
    },

    /** Inserts an account row as given (a scout's account: scouts/scout-account-store.ts). */
    async insertRow(row: typeof players.$inferInsert): Promise<PlayerRow> {
      const [inserted] = await db.insert(players).values(row).returning();
      return inserted!;
    },

    async insert(account: NewAccount): Promise<PlayerRow> {
      const [row] = await db
        .insert(players)
        .values({
          id: randomUUID(),
          firstName: account.firstName,
          lastName: account.lastName,
          username: account.userName,
          usernameKey: usernameKeyOf(account.userName),
          dateOfBirth: account.dateOfBirth,
          email: emailKeyOf(account.email),
          phoneNumber: account.phoneNumber,
          passwordHash: account.passwordHash,
          role: account.role ?? "player",
          phoneVerifiedAt: account.phoneVerifiedAt,
          createdAt: now(),
        })
        .returning();
      return row!;
    },

    /**
     * Replaces the details of a pending player account (a new registration for its unconfirmed
     * number). Never another role's account: that throws rather than overwrite it.
     */
    async replacePending(id: string, account: NewAccount): Promise<PlayerRow> {
      const [row] = await db
        .update(players)
        .set({
          firstName: account.firstName,
          lastName: account.lastName,
          username: account.userName,
          usernameKey: usernameKeyOf(account.userName),
          dateOfBirth: account.dateOfBirth,
          email: emailKeyOf(account.email),
          passwordHash: account.passwordHash,
          createdAt: now(),
        })
        .where(and(eq(players.id, id), eq(players.role, "player"), isNull(players.phoneVerifiedAt)))
        .returning();
      if (!row) throw new Error("only a pending player account can be replaced");
      return row;
    },

    /** Deletes a player account whose number was never confirmed; any other account stays. */
    async removePending(id: string): Promise<void> {
      await db
        .delete(players)
        .where(and(eq(players.id, id), eq(players.role, "player"), isNull(players.phoneVerifiedAt)));
    },

    async markPhoneVerified(id: string): Promise<void> {
      await db.update(players).set({ phoneVerifiedAt: now() }).where(eq(players.id, id));
    },

    async setPasswordHash(id: string, passwordHash: string, at: Date = now()): Promise<void> {
      await db.update(players).set({ passwordHash, passwordChangedAt: at }).where(eq(players.id, id));
    },

    /** The account whose stored (lower-cased) e-mail is exactly this one, if any. */
    async withStoredEmail(email: string): Promise<PlayerRow | undefined> {
      return (await db.select().from(players).where(eq(players.email, email)))[0];
    },

    /** The account, if any, holding this username (any case) or this stored e-mail. */
    async holderOfUsernameOrEmail(
      userName: string,
      email: string,
    ): Promise<{ username: string; email: string } | undefined> {
      return (
        await db
          .select({ username: players.username, email: players.email })
          .from(players)
          .where(or(eq(players.usernameKey, usernameKeyOf(userName)), eq(players.email, email)))
      )[0];
    },

    /** Makes an account staff with a new password; a number never confirmed counts as confirmed now. */
    async makeStaff(account: PlayerRow, role: Role, passwordHash: string, at: Date): Promise<void> {
      await db
        .update(players)
        .set({ role, passwordHash, passwordChangedAt: at, phoneVerifiedAt: account.phoneVerifiedAt ?? at })
        .where(eq(players.id, account.id));
    },

    /** The ids of the accounts whose e-mail is at this domain. */
    async idsAtEmailDomain(domain: string): Promise<string[]> {
      const rows = await db
        .select({ id: players.id })
        .from(players)
        .where(like(players.email, `%@${domain}`));
      return rows.map((row) => row.id);
    },

    /** Deletes accounts; what references them by foreign key goes with them (cascade). */
    async deleteMany(ids: string[]): Promise<void> {
      await db.delete(players).where(inArray(players.id, ids));
    },

    /** Deletes an account row; what references it should be deleted first by its owners. */
    async delete(id: string): Promise<void> {
      await db.delete(players).where(eq(players.id, id));
    },
  };
}
export type PlayerStore = ReturnType<typeof createPlayerStore>;
