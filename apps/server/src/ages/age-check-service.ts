import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  ageDocumentPath,
  type AgeCheckItem,
  type AgeCheckSender,
  type AgeCheckView,
  type AgeDocumentKind,
} from "@touchline/contract/age-check";
import { ageOn } from "@touchline/contract/age";
import { AGE_CHECK } from "@touchline/contract/messages";
import { createGuardianService } from "../auth/guardian-service.ts";
import { HttpError } from "../http/errors.ts";
import { createRateLimiter, LIMITS } from "../http/rate-limiter.ts";
import { ImageRefused, normaliseDocumentImage } from "../media/images.ts";
import { ageDocumentKeys, StorageNotFoundError } from "../media/storage.ts";
import type { AppServices } from "../services.ts";
import { createAgeCheckStore, type AgeCheckRow } from "./age-check-store.ts";

/** A document photo is kept at least this long before the sweep may call it an orphan (a send in progress). */
export const ORPHAN_DOCUMENT_GRACE_MS = 10 * 60 * 1000;

export interface AgeDocument {
  kind: AgeDocumentKind;
  /** The photo's bytes, decoded from the request. */
  image: Buffer;
}

const notFound = () => new HttpError(404, AGE_CHECK.checkNotFound);

/** The player's own view of their latest check. */
export function ageCheckViewOf(row: AgeCheckRow | null, forOwner: boolean): AgeCheckView {
  if (!row)
    return {
      state: "none",
      documentKind: null,
      sentAt: null,
      decidedAt: null,
      refusalReason: null,
      documentPath: null,
    };
  return {
    state: row.state,
    documentKind: row.documentKind,
    sentAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    refusalReason: row.state === "refused" ? row.refusalReason : null,
    documentPath: forOwner && row.state === "pending" && row.documentKey ? ageDocumentPath.own : null,
  };
}

/**
 * Ages checked by staff, from the sending side: a player (or their guardian, through the
 * guardian's lasting link) sends a photo of an identity document, which is re-encoded without
 * metadata and kept privately in storage under age-documents/ (never a public URL) until staff
 * decide (admin/age-review-service.ts). The photo is readable by its owner and staff while it waits.
 */
export function createAgeCheckService(services: AppServices) {
  const { db, now, storage, log } = services;
  const store = createAgeCheckStore(db);
  const guardians = createGuardianService(services);
  const limiter = createRateLimiter(db, now);

  async function send(playerId: string, document: AgeDocument, sentBy: AgeCheckSender): Promise<AgeCheckView> {
    if (await store.isVerified(playerId)) throw new HttpError(409, AGE_CHECK.alreadyVerified);
    await limiter.hit(LIMITS.ageDocumentsPerPlayer, playerId);
    let image: Buffer;
    try {
      image = (await normaliseDocumentImage(document.image)).data;
    } catch (error) {
      if (error instanceof ImageRefused) {
        log.info({ playerId, reason: error.reason }, "age document refused");
        throw new HttpError(400, AGE_CHECK.photoUnreadable, { image: AGE_CHECK.photoUnreadable });
      }
      throw error;
    }
    const id = randomUUID();
    const documentKey = ageDocumentKeys.document(id);
    // Bytes first, row second: a crash between them leaves an object no check names, which the
    // sweep deletes; never a check whose photo is missing.
    await storage.put(documentKey, image, { contentType: "image/webp" });
    let replaced: string | null;
    try {
      replaced = await store.replacePending({
        id,
        playerId,
        documentKind: document.kind,
        sentBy,
        documentKey,
        createdAt: now(),
      });
    } catch (error) {
      await storage.delete(documentKey);
      throw error;
    }
    if (replaced) await storage.delete(replaced);
    log.info({ playerId, checkId: id, kind: document.kind, sentBy }, "age document sent");
    return ageCheckViewOf(await store.latestFor(playerId), sentBy === "player");
  }

  async function read(key: string | null): Promise<Readable> {
    if (!key) throw new HttpError(404, AGE_CHECK.documentGone);
    try {
      return await storage.get(key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new HttpError(404, AGE_CHECK.documentGone);
      throw error;
    }
  }

  return {
    store,

    async viewFor(playerId: string): Promise<AgeCheckView> {
      return ageCheckViewOf(await store.latestFor(playerId), true);
    },

    /** The player sends their own document. */
    sendOwn: (playerId: string, document: AgeDocument) => send(playerId, document, "player"),

    /**
     * The player a guardian's lasting link sends a document for (never a request's link), checked
     * before the photo is read: a made-up link, or an age already verified, costs no upload.
     */
    async playerOfGuardianLink(token: string): Promise<string> {
      const link = await guardians.guardianOfLink(token);
      if (link.requestId) throw new HttpError(404, AGE_CHECK.checkNotFound);
      if (await store.isVerified(link.playerId)) throw new HttpError(409, AGE_CHECK.alreadyVerified);
      return link.playerId;
    },

    /** A guardian sends their child's document, for the player playerOfGuardianLink found. */
    async sendAsGuardian(playerId: string, document: AgeDocument): Promise<AgeCheckView> {
      const view = await send(playerId, document, "guardian");
      return { ...view, documentPath: null };
    },

    /** The guardian's view through their lasting link: the state, never the photo. */
    async viewForGuardian(token: string): Promise<AgeCheckView> {
      const link = await guardians.guardianOfLink(token);
      if (link.requestId) throw new HttpError(404, AGE_CHECK.checkNotFound);
      return ageCheckViewOf(await store.latestFor(link.playerId), false);
    },

    /** The player's own waiting photo; 404 once staff decided. */
    async ownDocument(playerId: string): Promise<Readable> {
      const pending = await store.pendingFor(playerId);
      return read(pending?.documentKey ?? null);
    },

    /** Whether the check's photo is still in storage: a check is verified only on a photo staff could see. */
    async hasDocument(check: AgeCheckRow): Promise<boolean> {
      return check.documentKey !== null && (await storage.stat(check.documentKey)) !== null;
    },

    /** A waiting check's photo, for staff; 404 once decided. */
    async staffDocument(checkId: string): Promise<Readable> {
      const check = await store.byId(checkId);
      if (!check) throw notFound();
      return read(check.state === "pending" ? check.documentKey : null);
    },

    /** The checks waiting for staff, oldest first. */
    async queue(page: number, pageSize: number): Promise<{ items: AgeCheckItem[]; total: number }> {
      const { rows, total } = await store.pendingPage(page, pageSize);
      const today = now();
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          playerId: row.playerId,
          username: row.username,
          firstName: row.firstName,
          lastName: row.lastName,
          dateOfBirth: row.dateOfBirth,
          age: ageOn(row.dateOfBirth, today),
          documentKind: row.documentKind,
          sentBy: row.sentBy,
          sentAt: row.createdAt.toISOString(),
          documentPath: ageDocumentPath.staff(row.id),
        })),
      };
    },

    /**
     * Deletes every photo no waiting check names: those of checks a change of date of birth
     * cleared, and objects left by a send or a decision cut short. Objects younger than
     * ORPHAN_DOCUMENT_GRACE_MS are spared (their check may be being written). Returns how many went.
     */
    async sweep(): Promise<number> {
      let removed = 0;
      const cleared = await store.keysNotPending();
      for (const { documentKey } of cleared) await storage.delete(documentKey);
      await store.forgetKeys(cleared.map((check) => check.id));
      removed += cleared.length;

      const cutoff = now().getTime() - ORPHAN_DOCUMENT_GRACE_MS;
      const keys: string[] = [];
      for await (const object of storage.list(ageDocumentKeys.prefix))
        if (object.modifiedAt.getTime() < cutoff) keys.push(object.key);
      for (let i = 0; i < keys.length; i += 500) {
        const batch = keys.slice(i, i + 500);
        const waiting = await store.pendingKeys(batch);
        for (const key of batch.filter((key) => !waiting.has(key))) {
          await storage.delete(key);
          removed += 1;
        }
      }
      if (removed) log.info({ removed }, "age-document sweep deleted photos");
      return removed;
    },
  };
}

export type AgeCheckService = ReturnType<typeof createAgeCheckService>;
