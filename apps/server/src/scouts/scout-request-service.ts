import type { z } from "zod";
import { needsGuardianConsent } from "@touchline/contract/guardian";
import { SCOUT_REQUESTS_PER_DAY } from "@touchline/contract/limits";
import type { scoutRequestSchema } from "@touchline/contract/scout-schemas";
import {
  SCOUT,
  scoutMayAct,
  type PlayerReceivedRequest,
  type RevealedPlayerContact,
  type RevealedScoutContact,
  type ScoutSentRequest,
} from "@touchline/contract/scouts";
import { createGuardianService } from "../auth/guardian-service.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { HttpError } from "../http/errors.ts";
import type { AppServices } from "../services.ts";
import { createTalentService } from "../talent/talent-service.ts";
import { createScoutAccountStore } from "./scout-account-store.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import { createScoutRequestStore, type InSameTransaction } from "./scout-request-store.ts";

type RequestInput = z.output<typeof scoutRequestSchema>;
type SentRow = Awaited<ReturnType<ReturnType<typeof createScoutRequestStore>["sentBy"]>>[number];
type ReceivedRow = Awaited<ReturnType<ReturnType<typeof createScoutRequestStore>["receivedBy"]>>[number];

const common = (request: SentRow["request"]) => ({
  id: request.id,
  kind: request.kind,
  message: request.message,
  trialDate: request.trialDate,
  trialTime: request.trialTime,
  trialPlace: request.trialPlace,
  state: request.state,
  sentAt: request.sentAt.toISOString(),
  answeredAt: request.answeredAt?.toISOString() ?? null,
});

/**
 * What a scout learns of a player once a request is accepted: exactly the allowlisted fields
 * (REVEALED_PLAYER_CONTACT_FIELDS), built field by field so a column added to the query can
 * never leak through.
 */
export function revealPlayer(row: SentRow): RevealedPlayerContact {
  const { player, request } = row;
  return {
    name: `${player.firstName} ${player.lastName}`,
    username: player.username,
    phoneNumber: player.phoneNumber,
    email: player.email,
    guardian:
      request.guardianName && request.guardianPhone
        ? { name: request.guardianName, phoneNumber: request.guardianPhone }
        : null,
  };
}

/** What a player (and guardian) learn of a scout once a request is accepted. */
export function revealScout(row: ReceivedRow): RevealedScoutContact {
  const { scout } = row;
  return {
    name: `${scout.firstName} ${scout.lastName}`,
    organisation: scout.organisation,
    phoneNumber: scout.phoneNumber,
    email: scout.email,
  };
}

function toSent(row: SentRow): ScoutSentRequest {
  return {
    ...common(row.request),
    player: { username: row.player.username, firstName: row.player.firstName },
    contact: row.request.state === "accepted" ? revealPlayer(row) : null,
    outcome: row.request.state === "declined" ? SCOUT.declinedForScout : null,
  };
}

function toReceived(row: ReceivedRow): PlayerReceivedRequest {
  return {
    ...common(row.request),
    scout: {
      id: row.scout.id,
      name: `${row.scout.firstName} ${row.scout.lastName}`,
      organisation: row.scout.organisation,
      organisationKind: row.scout.organisationKind,
      roleTitle: row.scout.roleTitle,
      verified: row.scout.state === "verified",
    },
    playerAnswer: row.request.playerAnswer,
    guardianAnswer: row.request.guardianAnswer,
    contact: row.request.state === "accepted" ? revealScout(row) : null,
    blocked: row.blocked,
  };
}

/**
 * Requests from verified scouts to players: sending (limits, blocks, the guardian copied for a
 * player under 18), answering, and what each side sees. Contact details cross only once the
 * request is accepted by everyone who must accept it.
 */
export function createScoutRequestService(services: AppServices) {
  const { db, now, log } = services;
  const store = createScoutRequestStore(db, now);
  const scouts = createScoutAccountStore(db, now);
  const accounts = createPlayerStore(db, now);
  const guardianStore = createGuardianStore(db, now);
  const guardians = createGuardianService(services);
  const talent = createTalentService({ db, now, videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS });
  const base = (origin: string) => origin.replace(/\/+$/, "");

  const notifications = createNotificationService(services);

  /**
   * Tells the scout once a request is settled either way, in the transaction of the answer that
   * settles it. Who they are is read before the transaction (PGlite has one connection).
   */
  async function tellScout(requestId: string, origin: string): Promise<InSameTransaction | undefined> {
    const request = await store.byId(requestId);
    if (!request) return undefined;
    const scout = await scouts.byId(request.scoutId);
    const player = await accounts.byId(request.playerId);
    // A scout who is no longer verified hears nothing; the answer waits in their area.
    if (!scout || !player || !scoutMayAct(scout.scout.state)) return undefined;
    return async (tx, settled) => {
      const to = {
        role: "scout" as const,
        accountId: scout.account.id,
        name: `${scout.account.firstName} ${scout.account.lastName}`,
        phone: scout.account.phoneNumber,
        email: scout.account.email,
      };
      const event = settled.state === "accepted" ? "request-accepted" : "request-declined";
      await notifications.notify(
        tx,
        [{ event, params: { playerFirstName: player.firstName }, to, about: player.id }],
        origin,
      );
    };
  }

  /**
   * After one side's answer: a refused update is a request that is not theirs (404) or already
   * answered (409); otherwise the scout is told if it is settled, and the answer says what now
   * (`waiting` when the other side has still to accept).
   */
  async function settle(
    row: Awaited<ReturnType<typeof store.answerAsPlayer>>,
    id: string,
    playerId: string,
    answer: "accepted" | "declined",
    waiting: string,
  ) {
    if (!row) {
      const existing = await store.byId(id);
      if (!existing || existing.playerId !== playerId) throw new HttpError(404, SCOUT.requestMissing);
      throw new HttpError(409, SCOUT.requestAnswered);
    }
    const message = answer === "declined" ? SCOUT.declined : row.state === "accepted" ? SCOUT.accepted : waiting;
    const request = (await store.receivedBy(playerId)).map(toReceived).find((item) => item.id === id)!;
    return { message, request };
  }

  return {
    async send(user: RequestUser, input: RequestInput, origin: string): Promise<ScoutSentRequest> {
      const target = await talent.findPublicPlayerId(input.username);
      if (!target) throw new HttpError(404, SCOUT.playerNotPublic);
      if (await store.isBlocked(target.playerId, user.playerId)) throw new HttpError(403, SCOUT.requestRefused);
      const player = await accounts.byId(target.playerId);
      const scout = await scouts.byId(user.playerId);
      if (!player || !scout) throw new HttpError(404, SCOUT.playerNotPublic);
      // The area's gate checked this already; a request is the one thing that reaches a player,
      // so the standing is checked again where it is sent.
      if (!scoutMayAct(scout.scout.state)) throw new HttpError(403, SCOUT.stateBlocks[scout.scout.state]);
      const consent = needsGuardianConsent(player.dateOfBirth, now()) ? await guardianStore.forPlayer(player.id) : null;
      let row;
      try {
        const toPlayer = {
          role: "player" as const,
          accountId: player.id,
          name: `${player.firstName} ${player.lastName}`,
          phone: player.phoneNumber,
          email: player.email,
        };
        const organisation = scout.scout.organisation;
        row = await store.insertWithinLimit(
          {
            scoutId: user.playerId,
            playerId: player.id,
            kind: input.kind,
            message: input.message,
            trialDate: input.trialDate,
            trialTime: input.trialTime,
            trialPlace: input.trialPlace,
            guardian: consent ? { name: consent.guardianName, phone: consent.guardianPhone } : null,
          },
          SCOUT_REQUESTS_PER_DAY,
          async (tx, inserted) => {
            const params = { trial: inserted.kind === "trial", organisation, guardianOf: null, guardianLink: null };
            await notifications.notify(tx, [{ event: "request-received", params, to: toPlayer }], origin);
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, SCOUT.requestOpenAlready);
        throw error;
      }
      if (!row) throw new HttpError(429, SCOUT.requestLimit);
      log.info({ requestId: row.id, scoutId: user.playerId, kind: row.kind }, "scout request sent");

      if (consent) {
        // The guardian's copy carries their link to this request (a secret): sent at once, never stored.
        const link = await guardians.requestLink(player.id, row.id, origin);
        if (link) {
          await notifications.sendNow(
            {
              event: "request-received",
              params: {
                trial: row.kind === "trial",
                organisation: scout.scout.organisation,
                guardianOf: player.firstName,
                guardianLink: link.link.slice(base(origin).length),
              },
              to: { role: "guardian", name: consent.guardianName, phone: link.guardianPhone, of: player.id },
            },
            origin,
          );
        }
      }
      const sent = (await store.sentBy(user.playerId)).find((item) => item.request.id === row.id)!;
      return toSent(sent);
    },

    async sentBy(user: RequestUser): Promise<ScoutSentRequest[]> {
      return (await store.sentBy(user.playerId)).map(toSent);
    },

    async receivedBy(playerId: string): Promise<PlayerReceivedRequest[]> {
      return (await store.receivedBy(playerId)).map(toReceived);
    },

    async answerAsPlayer(user: RequestUser, id: string, answer: "accepted" | "declined", origin: string) {
      const row = await store.answerAsPlayer(id, user.playerId, answer, await tellScout(id, origin));
      return settle(row, id, user.playerId, answer, SCOUT.acceptedWaitingGuardian);
    },

    /** The guardian's requests, reached with their SMS link. */
    async receivedByGuardian(token: string): Promise<PlayerReceivedRequest[]> {
      const { playerId, requestId } = await guardians.guardianOfLink(token);
      const all = await this.receivedBy(playerId);
      return requestId ? all.filter((request) => request.id === requestId) : all;
    },

    async answerAsGuardian(token: string, id: string, answer: "accepted" | "declined", origin: string) {
      const { playerId, requestId } = await guardians.guardianOfLink(token);
      // A request's link answers that request only.
      if (requestId && requestId !== id) throw new HttpError(404, SCOUT.requestMissing);
      const row = await store.answerAsGuardian(id, playerId, answer, await tellScout(id, origin));
      return settle(row, id, playerId, answer, SCOUT.acceptedWaitingPlayer);
    },

    /** A player may block or report only a scout who wrote to them. */
    async block(user: RequestUser, scoutId: string) {
      if (!(await store.hasWritten(user.playerId, scoutId))) throw new HttpError(404, SCOUT.requestMissing);
      await store.block(user.playerId, scoutId);
      log.info({ playerId: user.playerId, scoutId }, "scout blocked");
      return { message: SCOUT.blocked };
    },

    async report(user: RequestUser, scoutId: string, reason: string) {
      if (!(await store.hasWritten(user.playerId, scoutId))) throw new HttpError(404, SCOUT.requestMissing);
      await store.report(user.playerId, scoutId, reason);
      log.info({ playerId: user.playerId, scoutId }, "scout reported");
      return { message: SCOUT.reported };
    },
  };
}

export type ScoutRequestService = ReturnType<typeof createScoutRequestService>;
