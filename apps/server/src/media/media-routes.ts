import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { IMAGE_VARIANT_WIDTHS } from "@touchline/contract/media";
import { MEDIA } from "@touchline/contract/messages";
import { VIDEO_PROCESSING } from "@touchline/contract/video";
import { isStaff, requireUser, type RequestUser } from "../auth/request-user.ts";
import { HttpError } from "../http/errors.ts";
import { markProfileViewed } from "../http/viewed-profile.ts";
import { videoExpiresAt } from "@touchline/contract/video-expiry";
import { ACCESS, errorAnswers, fileAnswer, noBody } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { parseRange } from "./byte-range.ts";
import { removeMediaObjects } from "./finish-upload.ts";
import { createMediaStore, type MediaFile } from "./media-store.ts";
import { mediaKeys } from "./storage.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/**
 * Shared caches and browsers may keep public media this long at most (less when the video
 * expires sooner): the photos and videos of a profile that is withdrawn, rejected or expires
 * leave every cache within five minutes, a minor's included. A fresh copy is not needed after
 * that: the browser asks again with the ETag and gets 304 without the bytes while the file is
 * still public, so the short lifetime costs a player a round trip, not their data. Never
 * `immutable` for the public: the bytes behind an id never change, but whether they may be
 * served does.
 */
const PUBLIC_MEDIA_CACHE_SECONDS = 5 * 60;

/** The answers of a read of stored bytes: whole, a range, or "your copy is still right". */
const fileAnswers = (mediaTypes: string[], ...errors: Parameters<typeof errorAnswers>) => ({
  200: fileAnswer(mediaTypes),
  206: fileAnswer(mediaTypes),
  304: noBody,
  ...errorAnswers(416, ...errors),
});
/** Originals are WebP photos and MP4 videos; variants and posters are images. */
const STORED_TYPES = ["image/webp", "image/jpeg", "video/mp4"];

/**
 * GET/HEAD /api/media/{fileId}[?w=320|640|1280]: one route for every stored file, with Range
 * support for video players. The bytes behind an id never change, so answers carry a strong
 * ETag; the owner and staff may keep them privately for a year, the public for minutes.
 * DELETE removes a file its owner uploaded but no profile uses.
 *
 * Who may read: the owner and staff always; anyone the media of an approved profile whose video
 * has not expired, checked on every request (nothing is remembered between requests, so a
 * rejection or an expiry takes effect at once, a revalidation with the ETag included);
 * everyone else gets 404, exactly as for an id that does not exist.
 */
export const mediaRoutes: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  const store = createMediaStore(services.db);
  const { storage } = services;

  /** The Cache-Control this reader gets, or null when they may not see the file at all. */
  const cacheControlFor = async (user: RequestUser | null, file: MediaFile): Promise<string | null> => {
    if (user && (user.playerId === file.ownerPlayerId || isStaff(user)))
      return `private, max-age=${YEAR_SECONDS}, immutable`;
    const publicSince = await store.approvedProfileVideoDate(file.id, services.now());
    if (!publicSince) return null;
    const secondsLeft = Math.floor(
      (videoExpiresAt(publicSince, services.config.VIDEO_EXPIRY_DAYS).getTime() - services.now().getTime()) / 1000,
    );
    if (secondsLeft <= 0) return null;
    const seconds = Math.min(PUBLIC_MEDIA_CACHE_SECONDS, secondsLeft);
    return `public, max-age=${seconds}, s-maxage=${seconds}`;
  };

  /** The file, if this reader may see it, with the Cache-Control they get; otherwise 404. */
  const readable = async (request: FastifyRequest<{ Params: { fileId: string } }>) => {
    const file = await store.find(request.params.fileId);
    const cacheControl = file ? await cacheControlFor(request.user, file) : null;
    if (!file || !cacheControl) throw new HttpError(404, MEDIA.mediaNotFound);
    return { file, cacheControl };
  };

  /** Sends one stored object with validators and Range support (video players seek with it). */
  const sendStored = async (
    request: FastifyRequest,
    reply: FastifyReply,
    object: { key: string; contentType: string; etag: string; cacheControl: string; file: MediaFile },
  ) => {
    const stored = await storage.stat(object.key);
    if (!stored) {
      request.log.warn({ fileId: object.file.id, key: object.key }, "media row without its stored object");
      throw new HttpError(404, MEDIA.mediaNotFound);
    }
    const { etag } = object;
    reply
      .header("content-type", object.contentType)
      .header("cache-control", object.cacheControl)
      .header("etag", etag)
      .header("last-modified", object.file.createdAt.toUTCString())
      .header("accept-ranges", "bytes");

    if (matchesEtag(request.headers["if-none-match"], etag)) return reply.code(304).send();

    // If-Range: the client's partial copy is of another version, so it gets the whole file.
    const ifRange = request.headers["if-range"];
    const range =
      ifRange && ifRange !== etag ? ({ kind: "whole" } as const) : parseRange(request.headers.range, stored.size);
    if (range.kind === "unsatisfiable") {
      reply.header("content-range", `bytes */${stored.size}`);
      throw new HttpError(416, MEDIA.rangeNotSatisfiable);
    }
    if (range.kind === "range") {
      reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${stored.size}`);
      return sendBody(reply, request.method === "HEAD", range.end - range.start + 1, () =>
        storage.get(object.key, range),
      );
    }
    return sendBody(reply, request.method === "HEAD", stored.size, () => storage.get(object.key));
  };

  app.route<{ Params: { fileId: string }; Querystring: { w?: string } }>({
    method: ["GET", "HEAD"],
    url: "/api/media/:fileId",
    schema: {
      summary: "A stored file; ?w=320|640|1280 for a photo's narrower WebP copy",
      security: ACCESS.sessionIfAny,
      response: fileAnswers(STORED_TYPES, 400),
    },
    config: { notFoundMessage: MEDIA.mediaNotFound },
    handler: async (request, reply) => {
      const { file, cacheControl } = await readable(request);
      // A player's original video is for them and staff: everyone else plays a rendition.
      if (file.kind === "video" && !cacheControl.startsWith("private")) throw new HttpError(404, MEDIA.mediaNotFound);
      const width = request.query.w;
      if (
        width !== undefined &&
        (file.kind !== "image" || !(IMAGE_VARIANT_WIDTHS as readonly number[]).map(String).includes(width))
      ) {
        throw new HttpError(400, MEDIA.variantWidthInvalid);
      }
      const key = width ? mediaKeys.variant(file.id, Number(width)) : mediaKeys.original(file.id);
      const etag = `"${file.id}${width ? `-w${width}` : ""}"`;
      return sendStored(request, reply, { key, contentType: file.contentType, etag, cacheControl, file });
    },
  });

  app.route<{ Params: { fileId: string; label: string } }>({
    method: ["GET", "HEAD"],
    url: "/api/media/:fileId/renditions/:label",
    schema: {
      summary: "One rendition (240p, 360p, 720p) of a ready video",
      security: ACCESS.sessionIfAny,
      response: fileAnswers(["video/mp4"]),
    },
    config: { notFoundMessage: MEDIA.mediaNotFound },
    handler: async (request, reply) => {
      const { file, cacheControl } = await readable(request);
      const rendition =
        file.videoState === "ready" ? file.videoRenditions?.find((r) => r.label === request.params.label) : undefined;
      if (!rendition) throw new HttpError(404, VIDEO_PROCESSING.renditionNotFound);
      // A visitor playing a public video: counted as interest in the profile once this answer has
      // gone (the owner and staff read it privately, and count for nothing).
      if (cacheControl.startsWith("public")) markProfileViewed(request, { playerId: file.ownerPlayerId });
      const key = mediaKeys.rendition(file.id, rendition.label);
      const etag = `"${file.id}-${rendition.label}"`;
      return sendStored(request, reply, { key, contentType: "video/mp4", etag, cacheControl, file });
    },
  });

  app.route<{ Params: { fileId: string }; Querystring: { format?: string; w?: string } }>({
    method: ["GET", "HEAD"],
    url: "/api/media/:fileId/poster",
    schema: {
      summary: "A ready video's poster still: ?format=webp|jpeg&w=320|640",
      security: ACCESS.sessionIfAny,
      response: fileAnswers(["image/webp", "image/jpeg"], 400),
    },
    config: { notFoundMessage: MEDIA.mediaNotFound },
    handler: async (request, reply) => {
      const { file, cacheControl } = await readable(request);
      const { format, w } = request.query;
      const poster =
        file.videoState === "ready"
          ? file.videoPosters?.find((p) => p.format === format && String(p.width) === w)
          : undefined;
      if (!poster) throw new HttpError(file.kind === "video" ? 400 : 404, VIDEO_PROCESSING.posterInvalid);
      const key = mediaKeys.poster(file.id, poster.width, poster.format);
      const etag = `"${file.id}-poster-${poster.width}-${poster.format}"`;
      return sendStored(request, reply, { key, contentType: `image/${poster.format}`, etag, cacheControl, file });
    },
  });

  app.delete<{ Params: { fileId: string } }>(
    "/api/media/:fileId",
    {
      schema: {
        summary: "Delete a file the player uploaded and no profile uses",
        security: ACCESS.session,
        response: { 204: noBody, ...errorAnswers(401, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const outcome = await store.deleteUnattached(request.params.fileId, user.playerId);
      if (outcome === "missing") throw new HttpError(404, MEDIA.mediaNotFound);
      if (outcome === "attached") throw new HttpError(409, MEDIA.mediaInUse);
      await removeMediaObjects(storage, request.params.fileId);
      return reply.code(204).send();
    },
  );
};

async function sendBody(
  reply: FastifyReply,
  headOnly: boolean,
  length: number,
  open: () => Promise<NodeJS.ReadableStream>,
) {
  reply.header("content-length", String(length));
  if (headOnly) return reply.send();
  return reply.send(await open());
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
