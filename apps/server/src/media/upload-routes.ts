import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { ERRORS, MemoryLocker, Server as TusServer, TUS_RESUMABLE } from "@tus/server";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { UPLOAD_ENDPOINT, type MediaKind, type UploadedMedia } from "@touchline/contract/media";
import { UPLOAD_BUDGET } from "@touchline/contract/limits";
import { MEDIA, REQUEST_FAILED } from "@touchline/contract/messages";
import { requirePlayerArea, type RequestUser } from "../auth/request-user.ts";
import { HttpError } from "../http/errors.ts";
import { uploadedMediaSchema } from "@touchline/contract/answers/media";
import { ACCESS, errorAnswers, noBody } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { finishDepsOf, finishUpload, MediaRejected } from "./finish-upload.ts";
import { sendErrorsAsJson } from "./json-error-response.ts";
import { createMediaStore, isMediaId } from "./media-store.ts";
import { createRefusedUploads } from "./refused-uploads.ts";
import { createUploadLocker } from "./upload-locker.ts";
import { checkNewUpload, isTusRefusal, tusRefusal, type TusRefusal } from "./upload-rules.ts";
import { clientAddressKey } from "../http/client-address.ts";

/** Refusals of any tus request: its checks, a missing or busy upload, an offset out of step. */
const uploadErrors = errorAnswers(400, 401, 403, 404, 409, 410, 413, 423, 429);

/**
 * Resumable uploads (tus 1.0) under /api/uploads, for logged-in players, each upload readable and
 * writable only by the player who created it. Bytes stream into the storage's staging area and
 * survive dropped connections and restarts (tus asks HEAD for the stored offset and continues).
 * Once complete, finishUpload checks the file; the final PATCH answers with UploadedMedia JSON or
 * a JSON { message } refusal.
 *
 * Registered as its own encapsulated plugin: tus reads the raw request body itself, so here no
 * content-type parser may touch it, and Fastify hands the raw request and response to tus.
 */
export const uploadRoutes: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  const { storage, log } = services;
  const store = createMediaStore(services.db);
  const refused = createRefusedUploads(services.db, services.now);
  /** Who sent each request tus is handling (its hooks only see the raw request). */
  const senders = new WeakMap<IncomingMessage, RequestUser>();
  /** A retried final PATCH waits for the first one's checks instead of running them twice. */
  const finishing = new Map<string, Promise<UploadedMedia>>();

  const tus = new TusServer({
    path: UPLOAD_ENDPOINT,
    datastore: storage.uploads.datastore,
    // Locations are relative, so tus never needs the host; Forwarded headers are never its to trust.
    relativeLocation: true,
    respectForwardedHeaders: false,
    namingFunction: () => randomUUID(),
    disableTerminationForFinishedUploads: true,
    // Shared by every instance: a HEAD or PATCH may reach another instance than the last one.
    // The embedded database (PGlite) serves a single process, where tus's lock in memory holds
    // just as well and spares every PATCH two database writes (a third of its time on PGlite).
    locker: services.database.kind === "pglite" ? new MemoryLocker() : createUploadLocker(services.db, log),

    async onUploadCreate(req, upload) {
      const user = senders.get(rawRequest(req));
      if (!user) throw tusRefusal(401, REQUEST_FAILED.serverError);
      const metadata = checkNewUpload(upload, user.playerId);
      const unattached = await store.countUnattached(user.playerId);
      if (unattached >= UPLOAD_BUDGET) throw tusRefusal(429, MEDIA.tooManyUploads);
      if (unattached + (await refused.count(user.playerId)) >= UPLOAD_BUDGET)
        throw tusRefusal(429, MEDIA.tooManyRefusedUploads);
      return { metadata };
    },

    async onUploadFinish(_req, upload) {
      let pending = finishing.get(upload.id);
      if (!pending) {
        const kind = upload.metadata?.kind as MediaKind;
        const ownerId = upload.metadata?.ownerId ?? "";
        pending = finishUpload(finishDepsOf(services), { id: upload.id, kind, ownerId })
          .catch(async (error: unknown) => {
            // Counted once per upload, however many times a client retries its final PATCH.
            if (error instanceof MediaRejected) {
              log.info(
                { uploadId: upload.id, playerId: ownerId, status: error.statusCode, detail: error.detail },
                "upload refused",
              );
              await refused.record(ownerId);
            }
            throw error;
          })
          .finally(() => finishing.delete(upload.id));
        finishing.set(upload.id, pending);
      }
      try {
        const media = await pending;
        log.info({ uploadId: upload.id, kind: media.kind, size: media.size }, "upload complete and checked");
        return {
          status_code: 200,
          headers: { "Content-Type": "application/json; charset=utf-8" },
          body: JSON.stringify(media),
        };
      } catch (error) {
        if (error instanceof MediaRejected) throw tusRefusal(error.statusCode, error.message);
        log.error({ err: error, uploadId: upload.id }, "checking a finished upload failed");
        throw tusRefusal(500, REQUEST_FAILED.serverError);
      }
    },

    onResponseError(_req, error) {
      return refusalFor(error, log);
    },
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("Tus-Resumable", TUS_RESUMABLE);
    const user = requirePlayerArea(request);
    // Concatenation (parallel parts joined into one upload) is not offered: tus-js-client only
    // sends this header when told to upload in parallel, which our pages never do.
    if (request.headers["upload-concat"] !== undefined) throw new HttpError(400, MEDIA.uploadConcatUnsupported);
    if (request.method !== "POST") {
      const { uploadId } = request.params as { uploadId: string };
      if (!(await ownsUpload(uploadId, user.playerId))) throw new HttpError(404, MEDIA.uploadNotFound);
    }
    senders.set(request.raw, user);
    reply.hijack();
    sendErrorsAsJson(reply.raw);
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      log.error({ err: error }, "upload request failed");
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
      if (!reply.raw.writableEnded) reply.raw.end(JSON.stringify({ message: REQUEST_FAILED.serverError }));
    }
  };

  /** Any other player's upload (or a made-up id) is simply not found. */
  const ownsUpload = async (uploadId: string, playerId: string) => {
    if (!isMediaId(uploadId)) return false;
    try {
      const upload = await storage.uploads.datastore.getUpload(uploadId);
      return upload.metadata?.ownerId === playerId;
    } catch {
      return false;
    }
  };

  // tus reads the body from the raw request; no parser may consume it first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  // Counted per player, not per address: many phones share one mobile-network address.
  const perPlayer = (request: FastifyRequest) => request.user?.playerId ?? clientAddressKey(request.ip);
  // A chunk may take as long as its bytes keep coming: only the idle timeout ends it (http/timeouts.ts).
  app.post(
    UPLOAD_ENDPOINT,
    {
      schema: {
        summary: "Start a resumable upload (tus creation); the Location header names it",
        security: ACCESS.session,
        // 200: the whole file came with the creation and passed the checks.
        response: { 201: noBody, 200: uploadedMediaSchema, ...uploadErrors },
      },
      config: { unhurriedBody: true, rateLimit: { max: 60, timeWindow: "1 minute", keyGenerator: perPlayer } },
    },
    handle,
  );
  const uploadUrl = `${UPLOAD_ENDPOINT}/:uploadId`;
  const config = { unhurriedBody: true };
  app.route({
    method: "HEAD",
    url: uploadUrl,
    schema: {
      summary: "How many bytes of an upload are stored (Upload-Offset)",
      security: ACCESS.session,
      response: { 200: noBody, ...uploadErrors },
    },
    // A HEAD route of its own is left out of the document unless it asks to be in it.
    config: { ...config, swagger: { exposeHeadRoute: true } },
    handler: handle,
  });
  app.route({
    method: "PATCH",
    url: uploadUrl,
    schema: {
      summary: "Send the next bytes of an upload; the last ones answer with the checked file",
      security: ACCESS.session,
      response: { 204: noBody, 200: uploadedMediaSchema, ...uploadErrors },
    },
    config,
    handler: handle,
  });
  app.route({
    method: "DELETE",
    url: uploadUrl,
    schema: {
      summary: "Abandon an unfinished upload",
      security: ACCESS.session,
      response: { 204: noBody, ...uploadErrors },
    },
    config,
    handler: handle,
  });
};

/** The raw Node request behind the web Request tus hands to its hooks. */
function rawRequest(req: unknown): IncomingMessage {
  return (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req as IncomingMessage;
}

/** tus's own refusals with our words; our JSON refusals unchanged; anything unexpected a logged 500. */
function refusalFor(error: unknown, log: AppServices["log"]): TusRefusal {
  if (!isTusRefusal(error)) {
    log.error({ err: error }, "upload request failed");
    return tusRefusal(500, REQUEST_FAILED.serverError);
  }
  if (error.body.startsWith("{")) return error;
  const known: [TusRefusal, number, string][] = [
    [ERRORS.FILE_NOT_FOUND, 404, MEDIA.uploadNotFound],
    [ERRORS.FILE_NO_LONGER_EXISTS, 410, MEDIA.uploadNotFound],
    [ERRORS.INVALID_OFFSET, 409, MEDIA.uploadOffsetConflict],
    [ERRORS.ERR_SIZE_EXCEEDED, 413, MEDIA.uploadTooLong],
    [ERRORS.ERR_MAX_SIZE_EXCEEDED, 413, MEDIA.uploadTooLong],
    [ERRORS.INVALID_LENGTH, 400, MEDIA.uploadLengthRequired],
    [ERRORS.ABORTED, 400, MEDIA.uploadFailed],
    // 423 makes tus-js-client retry a little later, which is what a busy lock needs.
    [ERRORS.ERR_LOCK_TIMEOUT, 423, MEDIA.uploadBusy],
  ];
  const match = known.find(([tusError]) => tusError.body === error.body);
  if (match) return tusRefusal(match[1], match[2]);
  if (error.status_code >= 500) {
    log.error({ status: error.status_code, body: error.body }, "upload request failed");
    return tusRefusal(500, REQUEST_FAILED.serverError);
  }
  return tusRefusal(error.status_code, error.body.trim());
}
