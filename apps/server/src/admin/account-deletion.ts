import type { ProcessDeletionResponse } from "@touchline/contract/admin";
import { ADMIN } from "@touchline/contract/messages";
import { createAgeCheckStore } from "../ages/age-check-store.ts";
import { createOtpStore } from "../auth/otp-store.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { createResetTokenStore } from "../auth/reset-token-store.ts";
import { deleteSessionsOf } from "../auth/session-store.ts";
import { createHitCounterStore } from "../http/hit-counter-store.ts";
import { createMediaStore } from "../media/media-store.ts";
import { createNotificationStore } from "../notifications/notification-store.ts";
import { createProfileReviewStore } from "../players/profile-review-store.ts";
import { createSiteStore, type DeletionRow } from "../site/site-store.ts";
import { HttpError } from "../http/errors.ts";
import { removeMediaObjects } from "../media/finish-upload.ts";
import type { AppServices } from "../services.ts";
import { recordAudit, type Actor } from "./audit.ts";
import { accountDeletedEmail, noAccountEmail } from "../email/deletion-emails.ts";
import { toDeletionItem } from "./inbox-service.ts";
import { isUuid } from "../http/uuid-params.ts";

/**
 * Carries out a confirmed account-deletion request: the account with the request's e-mail, its sessions,
 * codes, profile and every stored file go, and the requester is e-mailed. A request whose
 * e-mail no account uses is closed as "no-account", and the requester is told that too (the
 * privacy policy promises an answer, and it tells them to ask again with the right address).
 *
 * Order: rows first, in one transaction that also closes the request (so two staff cannot both
 * process it) and, inside it, the photo of an identity document waiting for an age check; then
 * the media bytes; then the e-mail. Bytes whose removal fails are orphans the media
 * sweep deletes within a day; an e-mail that fails leaves emailSentAt null, and processing the
 * request again sends only the e-mail.
 */
export function createAccountDeletion(services: AppServices) {
  const { db, now, storage, log } = services;
  const site = createSiteStore(db);

  const sendEmail = async (request: DeletionRow): Promise<boolean> => {
    const message =
      request.status === "done"
        ? accountDeletedEmail(request.email, request.createdAt)
        : noAccountEmail(request.email, request.createdAt, services.config.PUBLIC_URL);
    try {
      await services.email.send(message);
    } catch (error) {
      log.error({ err: error, deletionRequestId: request.id }, "deletion e-mail could not be sent");
      return false;
    }
    await site.markDeletionEmailSent(request.id, now());
    return true;
  };

  const answer = async (id: string, emailSent: boolean, retry = false): Promise<ProcessDeletionResponse> => {
    const row = await site.findDeletionRequest(id);
    const outcome = row!.status === "done" ? "deleted" : "no-account";
    const messages =
      outcome === "deleted"
        ? { sent: ADMIN.accountDeleted, failed: ADMIN.accountDeletedEmailFailed }
        : { sent: ADMIN.noAccount, failed: ADMIN.noAccountEmailFailed };
    const message = !emailSent ? messages.failed : retry ? ADMIN.emailResent : messages.sent;
    return { outcome, emailSent, message, request: toDeletionItem(row!, null, now()) };
  };

  /** Deletes the stored objects of the account's files and its unfinished uploads. */
  const removeBytes = async (playerId: string, fileIds: string[]) => {
    for (const fileId of fileIds) {
      try {
        await removeMediaObjects(storage, fileId);
      } catch (error) {
        log.error({ err: error, fileId }, "a deleted account's file could not be removed; the media sweep will retry");
      }
    }
    try {
      for await (const staged of storage.uploads.list()) {
        const upload = await storage.uploads.datastore.getUpload(staged.uploadId).catch(() => null);
        if (upload?.metadata?.ownerId === playerId) await storage.uploads.discard(staged.uploadId);
      }
    } catch (error) {
      log.error(
        { err: error },
        "a deleted account's unfinished uploads could not be removed; the media sweep will retry",
      );
    }
  };

  return {
    async process(requestId: string, actor: Actor): Promise<ProcessDeletionResponse> {
      if (!isUuid(requestId)) throw new HttpError(404, ADMIN.deletionRequestNotFound);
      const request = await site.findDeletionRequest(requestId);
      if (!request) throw new HttpError(404, ADMIN.deletionRequestNotFound);

      if (request.status !== "open") {
        if (request.emailSentAt) throw new HttpError(409, ADMIN.alreadyProcessed);
        const at = now();
        const sent = await sendEmail(request);
        if (sent)
          await recordAudit(
            db,
            actor,
            { action: "deletion.email-retried", targetType: "deletion-request", targetId: requestId },
            at,
          );
        return answer(requestId, sent, true);
      }

      // Anyone can type an address on the public page: only a request its account confirmed
      // (the e-mailed link, or the player logged in) may be carried out.
      if (!request.confirmedAt) throw new HttpError(409, ADMIN.deletionNotConfirmed);

      const at = now();
      const deleted = await db.transaction(async (tx) => {
        const requests = createSiteStore(tx);
        const claimed = await requests.claimDeletionRequest(requestId, at, actor.username);
        if (!claimed) return null;

        const accounts = createPlayerStore(tx, now);
        const account = await accounts.withStoredEmail(claimed.email);
        if (!account) {
          const outcome = "No account uses this e-mail address.";
          await requests.setDeletionOutcome(requestId, "no-account", outcome);
          await recordAudit(
            tx,
            actor,
            { action: "deletion.no-account", targetType: "deletion-request", targetId: requestId, detail: outcome },
            at,
          );
          return { playerId: null, fileIds: [] as string[] };
        }

        const files = createMediaStore(tx);
        const fileIds = await files.idsOwnedBy(account.id);
        const outcome = `Account deleted, with its profile and ${fileIds.length} stored ${fileIds.length === 1 ? "file" : "files"}.`;
        await requests.setDeletionOutcome(requestId, "done", outcome);
        // Before the account goes: the entry may name the acting staff member's own account.
        await recordAudit(
          tx,
          actor,
          { action: "deletion.account-deleted", targetType: "deletion-request", targetId: requestId, detail: outcome },
          at,
        );

        // An identity document waiting for staff goes before the account, and the account only
        // once it is gone: a storage error rolls the whole deletion back for staff to try again,
        // rather than leaving a child's document for a sweep that may be turned off.
        for (const key of await createAgeCheckStore(tx).documentKeysOf(account.id)) await storage.delete(key);

        // Most of these would follow by cascade; deleting them by name keeps the list visible.
        // The profile goes before the files it references.
        await createProfileReviewStore(tx).deleteOf(account.id);
        await files.deleteOwnedBy(account.id);
        await deleteSessionsOf(tx, account.id);
        await createResetTokenStore(tx).deleteAllOf(account.id);
        await requests.deleteContactMessagesOf(account.id, account.email);
        // Messages to the person and about them: a guardian's SMS names the child and holds the
        // guardian's name and number; a coach's and a scout's name the player.
        await createNotificationStore(tx).erasePerson(tx, {
          accountId: account.id,
          phone: account.phoneNumber,
          email: account.email,
        });
        // Keyed by the phone number or the account id, not by a foreign key.
        await createOtpStore(tx).deleteAllOf(account.phoneNumber);
        await createHitCounterStore(tx).clearAccount(account.phoneNumber, account.id);
        await accounts.delete(account.id);
        return { playerId: account.id, fileIds };
      });
      if (!deleted) throw new HttpError(409, ADMIN.alreadyProcessed);

      if (deleted.playerId) await removeBytes(deleted.playerId, deleted.fileIds);
      const closed = await site.findDeletionRequest(requestId);
      return answer(requestId, await sendEmail(closed!));
    },
  };
}
