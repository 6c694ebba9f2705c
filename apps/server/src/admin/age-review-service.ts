import { ADMIN_PAGE_SIZE } from "@touchline/contract/admin";
import { ageDocumentKindLabel } from "@touchline/contract/age-check";
import { needsGuardianConsent } from "@touchline/contract/guardian";
import { AGE_CHECK } from "@touchline/contract/messages";
import { createAgeCheckService } from "../ages/age-check-service.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { HttpError } from "../http/errors.ts";
import { createNotificationService, type Notice } from "../notifications/notification-service.ts";
import type { AppServices } from "../services.ts";
import { recordAudit, type Actor } from "./audit.ts";

/**
 * Staff decide an age check: verified, or refused with a reason the player reads. The decision,
 * its audit entry (the kind of document, who, when) and the notices to the player (and, under 18,
 * their guardian) are one transaction; the photo is deleted from storage as soon as it commits.
 * If that delete fails, the age-check sweep finds the photo no waiting check names and deletes it.
 */
export function createAgeReviewService(services: AppServices) {
  const { db, now, storage, log } = services;
  const checks = createAgeCheckService(services);
  const accounts = createPlayerStore(db, now);
  const guardians = createGuardianStore(db, now);
  const notifications = createNotificationService(services);

  async function decide(checkId: string, actor: Actor, state: "verified" | "refused", reason: string | null) {
    const check = await checks.store.byId(checkId);
    if (!check) throw new HttpError(404, AGE_CHECK.checkNotFound);
    // Nobody verifies an age on a photo nobody can see: one a restore or a move left behind,
    // or one removed by hand. Refusing stays possible, and asks the player to send it again.
    if (state === "verified" && check.state === "pending" && !(await checks.hasDocument(check)))
      throw new HttpError(409, AGE_CHECK.documentMissing);
    const player = await accounts.byId(check.playerId);
    const consent =
      player && needsGuardianConsent(player.dateOfBirth, now()) ? await guardians.forPlayer(player.id) : null;
    const at = now();
    const decided = await db.transaction(async (tx) => {
      const row = await checks.store.decide(tx, checkId, { state, decidedBy: actor.id, at, refusalReason: reason });
      if (!row) return null;
      const kind = ageDocumentKindLabel(row.documentKind);
      await recordAudit(
        tx,
        actor,
        {
          action: state === "verified" ? "age.verified" : "age.refused",
          targetType: "account",
          targetId: row.playerId,
          detail: reason ? `${kind}: ${reason}` : kind,
        },
        at,
      );
      if (player) {
        const event = state === "verified" ? ("age-verified" as const) : ("age-refused" as const);
        const notices: Notice[] = [
          {
            event,
            params: { guardianOf: null },
            to: {
              role: "player",
              accountId: player.id,
              name: `${player.firstName} ${player.lastName}`,
              phone: player.phoneNumber,
              email: player.email,
            },
          },
        ];
        if (consent)
          notices.push({
            event,
            params: { guardianOf: player.firstName },
            to: { role: "guardian", name: consent.guardianName, phone: consent.guardianPhone, of: player.id },
          });
        await notifications.notify(tx, notices);
      }
      return row;
    });
    if (!decided) throw new HttpError(409, AGE_CHECK.notPending);
    if (decided.formerDocumentKey) {
      try {
        await storage.delete(decided.formerDocumentKey);
      } catch (error) {
        log.error({ err: error, checkId }, "age document not deleted after the decision; the sweep will");
      }
    }
    log.info({ checkId, playerId: decided.playerId, state }, "age check decided");
    return { message: state === "verified" ? AGE_CHECK.verifiedByStaff : AGE_CHECK.refusedByStaff };
  }

  return {
    async list(page: number) {
      const { items, total } = await checks.queue(page, ADMIN_PAGE_SIZE);
      return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
    },
    document: (checkId: string) => checks.staffDocument(checkId),
    verify: (checkId: string, actor: Actor) => decide(checkId, actor, "verified", null),
    refuse: (checkId: string, actor: Actor, reason: string) => decide(checkId, actor, "refused", reason),
  };
}
