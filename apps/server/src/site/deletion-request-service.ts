import { randomUUID } from "node:crypto";
import { DELETION_CONFIRM_TTL_MS, DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import { ACCOUNT_DELETION } from "@touchline/contract/messages";
import type {
  DeletionConfirmAnswer,
  DeletionRequestAnswer,
  DeletionRequestInput,
  OwnDeletionPendingAnswer,
  OwnDeletionRequestAnswer,
  OwnDeletionRequestInput,
} from "@touchline/contract/site";
import { DELETION_CONFIRM_FRAGMENT } from "@touchline/contract/site";
import { createPlayerStore } from "../auth/player-store.ts";
import { NOT_LOGGED_IN } from "../auth/request-user.ts";
import { randomToken, sha256Hex } from "../auth/secrets.ts";
import { confirmDeletionEmail, noAccountEmail } from "../email/deletion-emails.ts";
import { HttpError } from "../http/errors.ts";
import type { AppServices } from "../services.ts";
import { createSiteStore } from "./site-store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_ACCOUNT_OUTCOME = "No account uses this e-mail address.";

/** The fields of a request both ways of asking share. */
const reasonOf = (input: Pick<DeletionRequestInput, "reason" | "otherReason">) => ({
  reason: input.reason ?? null,
  otherReason: input.reason === "other" ? (input.otherReason ?? null) : null,
});

/**
 * Account-deletion requests from the public /delete page and from a logged-in player.
 *
 * Anyone can type an address, so a public request only counts once it is confirmed through the
 * account: the address's owner opens the link we e-mail to it. Until then staff cannot carry it
 * out (admin/account-deletion.ts). A request for an address no account uses is answered exactly
 * like any other (same answer, one e-mail sent either way: there, one saying no account uses the
 * address), and is closed at once, so it never reaches staff as a request to carry out. A
 * logged-in player asking for their own account is confirmed by the session itself.
 */
export function createDeletionRequestService(services: AppServices) {
  const { db, now, log } = services;
  const accounts = createPlayerStore(db, now);
  const store = createSiteStore(db);

  /** Sends message; a failure undoes the stored request, so the requester can simply try again. */
  async function sendOrWithdraw(requestId: string, message: Parameters<AppServices["email"]["send"]>[0]) {
    try {
      await services.email.send(message);
    } catch (error) {
      log.error({ err: error, deletionRequestId: requestId }, "deletion request e-mail could not be sent");
      await store.deleteDeletionRequest(requestId);
      throw new HttpError(503, ACCOUNT_DELETION.deletionEmailFailed, undefined, { code: "EMAIL_FAILED" });
    }
  }

  return {
    /**
     * A request from the public page. origin is where the e-mailed link points (the configured
     * public address, else the request's own origin).
     */
    async request(input: DeletionRequestInput, origin: string): Promise<DeletionRequestAnswer> {
      const id = randomUUID();
      const createdAt = now();
      const email = input.email.toLowerCase();
      const confirmBy = new Date(createdAt.getTime() + DELETION_CONFIRM_TTL_MS);
      const base = {
        id,
        email,
        ...reasonOf(input),
        createdAt,
        dueAt: new Date(createdAt.getTime() + DELETION_PROCESSING_DAYS * DAY_MS),
      };
      // Links nobody opened in time are not requests: nothing of them is kept.
      await store.deleteUnconfirmedExpired(createdAt);

      const account = await accounts.byEmail(email);
      if (account) {
        const token = randomToken();
        await store.insertDeletionRequest({ ...base, confirmTokenHash: sha256Hex(token), confirmExpiresAt: confirmBy });
        const link = `${origin.replace(/\/+$/, "")}/delete#${DELETION_CONFIRM_FRAGMENT}=${token}`;
        await sendOrWithdraw(id, confirmDeletionEmail(email, link, createdAt, confirmBy));
        log.info({ deletionRequestId: id }, "deletion request stored, confirmation link e-mailed");
      } else {
        await store.insertDeletionRequest({
          ...base,
          status: "no-account",
          closedAt: createdAt,
          outcome: NO_ACCOUNT_OUTCOME,
          emailSentAt: createdAt,
        });
        await sendOrWithdraw(id, noAccountEmail(email, createdAt, services.config.PUBLIC_URL));
        log.info({ deletionRequestId: id }, "deletion request for an address without an account closed");
      }
      return { id, confirmBy: confirmBy.toISOString() };
    },

    /** A logged-in player's request for their own account: confirmed by the session. */
    async requestOwn(playerId: string, input: OwnDeletionRequestInput): Promise<OwnDeletionRequestAnswer> {
      const account = await accounts.byId(playerId);
      if (!account) throw new HttpError(401, NOT_LOGGED_IN);
      const id = randomUUID();
      const at = now();
      const dueAt = new Date(at.getTime() + DELETION_PROCESSING_DAYS * DAY_MS);
      await store.insertDeletionRequest({
        id,
        email: account.email,
        ...reasonOf(input),
        createdAt: at,
        dueAt,
        confirmedAt: at,
        confirmedVia: "account",
      });
      log.info({ deletionRequestId: id, playerId }, "deletion request from the logged-in player");
      return { id, dueAt: dueAt.toISOString() };
    },

    /** The logged-in player's confirmed request still waiting to be processed, if any. */
    async pendingOwn(playerId: string): Promise<OwnDeletionPendingAnswer> {
      const account = await accounts.byId(playerId);
      if (!account) throw new HttpError(401, NOT_LOGGED_IN);
      const request = await store.findPendingDeletionFor(account.email);
      return { pending: request ? { id: request.id, dueAt: request.dueAt.toISOString() } : null };
    },

    /**
     * The e-mailed link, opened: confirms its request, whose 30 days start now. Opening it again
     * answers the same; an unknown, expired or already processed link is a 400.
     */
    async confirm(token: string): Promise<DeletionConfirmAnswer> {
      const invalid = () =>
        new HttpError(
          400,
          ACCOUNT_DELETION.deletionLinkInvalid,
          { token: ACCOUNT_DELETION.deletionLinkInvalid },
          { code: "LINK_INVALID" },
        );
      const at = now();
      const request = await store.findDeletionRequestByTokenHash(sha256Hex(token));
      if (!request || request.status !== "open") throw invalid();
      if (request.confirmedAt)
        return { message: ACCOUNT_DELETION.deletionConfirmed, dueAt: request.dueAt.toISOString() };
      if (!request.confirmExpiresAt || request.confirmExpiresAt <= at) throw invalid();
      const dueAt = new Date(at.getTime() + DELETION_PROCESSING_DAYS * DAY_MS);
      await store.confirmDeletionRequest(request.id, at, "email-link", dueAt);
      // Read back: if two tabs opened the link at once, the first one's confirmation stands.
      const storedDueAt = await store.deletionDueAt(request.id);
      log.info({ deletionRequestId: request.id }, "deletion request confirmed by its e-mailed link");
      return { message: ACCOUNT_DELETION.deletionConfirmed, dueAt: (storedDueAt ?? dueAt).toISOString() };
    },
  };
}
export type DeletionRequestService = ReturnType<typeof createDeletionRequestService>;
